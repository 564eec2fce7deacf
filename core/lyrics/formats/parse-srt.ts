// SRT subtitles: numbered cues, `hh:mm:ss,mmm --> hh:mm:ss,mmm`, then the cue's text. Each cue is
// one line of lyrics, the text of its lines joined with a space (a caption broken over two lines
// is one sung line); <i>, <b>, <u>, <font> and {\an8}-style tags are dropped. SRT has no sections
// nor word times: every line is in section 0. Cue numbers may be missing; their values are not read.
import { LyricsError, type LyricLine, type Lyrics } from '../lyrics';
import { formatCueTime, fromMs } from './clock';
import { checkCue, readCueTiming, type ReadCue } from './cues';
import { checkLineCount, lyricsFileLines } from './lyrics-text';
import { collapseSpaces } from './timed-words';

const SRT_EXAMPLE = '00:01:02,500 --> 00:01:05,000';
/**
 * A tag's inside stops at the next opening bracket too: one never closed is then read up to the
 * next tag only, not to the end of the text from each of them (time in the square of its length).
 */
const FORMATTING_TAG = /<\/?(?:i|b|u|s|font)(?:\s[^<>]*)?>|\{\\[^{}]*\}/gi;

/** Reads an SRT file; throws LyricsError naming the file's line when it cannot. */
export function parseSrt(text: string): Lyrics {
  const fileLines = lyricsFileLines(text);
  if (!fileLines.some((line) => line.includes('-->'))) {
    throw new LyricsError(
      `There is no cue time like ${SRT_EXAMPLE} in this file, so it is not subtitles (SRT).`,
    );
  }
  const lines: LyricLine[] = [];
  let previous: ReadCue | undefined;
  let i = 0;
  const isBlank = (index: number) => (fileLines[index] ?? '').trim() === '';
  while (i < fileLines.length) {
    if (isBlank(i)) {
      i++;
      continue;
    }
    if (/^\d+$/.test((fileLines[i] ?? '').trim())) i++;
    const timing = fileLines[i] ?? '';
    if (!timing.includes('-->')) {
      throw new LyricsError(
        `A cue time like ${SRT_EXAMPLE} was expected here (each cue is a number, its times, its text, then a blank line).`,
        i + 1,
      );
    }
    const cue = readCueTiming(timing, i + 1, SRT_EXAMPLE);
    checkCue(cue, previous, (ms) => formatCueTime(ms, ','));
    const textLines: string[] = [];
    for (i++; i < fileLines.length && !isBlank(i); i++) textLines.push(fileLines[i] ?? '');
    const cueText = collapseSpaces(textLines.join(' ').replace(FORMATTING_TAG, ''));
    if (cueText === '') continue;
    const last = lines[lines.length - 1];
    if (previous !== undefined && last !== undefined && cue.startMs < previous.endMs) {
      last.endSeconds = fromMs(cue.startMs);
    }
    checkLineCount(lines.length + 1, cue.fileLine);
    lines.push({
      text: cueText,
      startSeconds: fromMs(cue.startMs),
      endSeconds: fromMs(cue.endMs),
      words: null,
      section: 0,
    });
    previous = cue;
  }
  if (lines.length === 0) throw new LyricsError('There are no lyrics in this file, only times.');
  return { lines, language: null };
}
