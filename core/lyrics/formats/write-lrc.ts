// Lyrics as LRC: `[mm:ss.xx]line`, a blank line where a section ends (then its label, `[Chorus]`,
// when it has one), and a time tag alone where a line has its own end (when it ends before the
// next line starts: LRC cannot say more). Enhanced
// LRC adds `<mm:ss.xx>` before each word (and after a word that has its own end). Times are written
// in hundredths, or milliseconds when a time has them, so reading the file back gives the same times.
import { LyricsError, type Lyrics } from '../lyrics';
import { formatLrcTime, toMs } from './clock';
import { labelLine } from './section-labels';
import { oneLine, writeMarkedWords } from './timed-words';

export interface LrcOptions {
  /** Write word times (enhanced LRC) for the lines that have them. */
  enhanced?: boolean;
  title?: string;
  artist?: string;
}

/** Tag values are one line, their brackets turned into parentheses. */
function tagValue(value: string): string {
  return value.replace(/\[/g, '(').replace(/\]/g, ')').replace(/\s+/g, ' ').trim();
}

/** LRC text of timed lyrics; throws LyricsError when a line is not timed yet. */
export function toLrc(lyrics: Lyrics, options: LrcOptions = {}): string {
  const out: string[] = [];
  if (options.title) out.push(`[ti:${tagValue(options.title)}]`);
  if (options.artist) out.push(`[ar:${tagValue(options.artist)}]`);
  out.push('[re:Waveframe]');
  const tag = (ms: number) => `[${formatLrcTime(ms)}]`;
  lyrics.lines.forEach((line, index) => {
    if (line.startSeconds === null) {
      throw new LyricsError(
        `Line ${index + 1} ("${line.text}") is not timed yet: time every line before saving as LRC.`,
      );
    }
    const previous = lyrics.lines[index - 1];
    if (index === 0 || (previous !== undefined && previous.section !== line.section)) out.push('');
    if (line.sectionLabel) out.push(labelLine(line.sectionLabel, 'lrc'));
    const startMs = toMs(line.startSeconds);
    const text =
      options.enhanced && line.words !== null && line.words.length > 0
        ? writeMarkedWords(line, (ms) => `<${formatLrcTime(ms)}>`, oneLine, true)
        : oneLine(line.text);
    out.push(`${tag(startMs)}${text}`);
    const next = lyrics.lines[index + 1]?.startSeconds;
    if (line.endSeconds !== null && (next == null || line.endSeconds <= next)) {
      out.push(tag(toMs(line.endSeconds)));
    }
  });
  return `${out.join('\n')}\n`;
}
