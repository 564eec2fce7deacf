// Lyrics as people read them (a video's description): one sung line per line, a blank line
// between sections, no times.
import type { Lyrics } from '../lyrics';

export function toPlainText(lyrics: Lyrics): string {
  const out: string[] = [];
  lyrics.lines.forEach((line, index) => {
    const previous = lyrics.lines[index - 1];
    if (previous && previous.section !== line.section) out.push('');
    out.push(line.text.replace(/\s+/g, ' ').trim());
  });
  return out.join('\n');
}
