// Lyrics as WebVTT: the cues of toSrt, with word times as karaoke timestamps and the language in
// a `Language:` header.
import type { Lyrics } from '../lyrics';
import { formatCueTime } from './clock';
import { cueTimes } from './cue-times';
import { writeMarkedWords } from './timed-words';

function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** WebVTT text of timed lyrics; throws LyricsError when a line is not timed or lines share a start. */
export function toVtt(lyrics: Lyrics): string {
  const header = lyrics.language === null ? 'WEBVTT\n' : `WEBVTT\nLanguage: ${lyrics.language}\n`;
  const cues = cueTimes(lyrics, 'WebVTT').map(({ line, startMs, endMs }) => {
    const text =
      line.words === null || line.words.length === 0
        ? escapeCueText(line.text)
        : writeMarkedWords(line, (ms) => `<${formatCueTime(ms, '.')}>`, escapeCueText, false);
    return `${formatCueTime(startMs, '.')} --> ${formatCueTime(endMs, '.')}\n${text}\n`;
  });
  return [header, ...cues].join('\n');
}
