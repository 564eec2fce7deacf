// Word timing inside a line, shared by enhanced LRC (`<01:02.50>word`) and WebVTT karaoke cues
// (`<00:01:02.500>word`). A word is the text from one mark to the next, so `<a>two words <b>three`
// gives two words. A mark followed by no text (at the end of the line, or before another mark)
// is where the word before it ends. Text before the first mark is a word starting with the line.
import { LYRICS_LINE_MAX_CHARS, LyricsError, type LyricLine } from '../lyrics';
import { fromMs, toMs } from './clock';

/** A piece of a line: its text and the mark before it (null for the text before the first mark). */
export interface MarkedSegment {
  ms: number | null;
  text: string;
  /** The mark as written, and the file's line it is on, for messages. */
  written: string;
  fileLine: number;
}

export interface WordTiming {
  text: string;
  startMs: number;
  endMs: number | null;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/**
 * The text of a line as the renderer draws it: whitespace of any kind collapsed to one space,
 * control characters (a stray byte in a damaged file) dropped.
 */
export function collapseSpaces(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '').replace(/\s+/g, ' ').trim();
}

/** A line's text on one line of a file: line breaks (from an editor) become spaces. */
export function oneLine(text: string): string {
  // Each run of white space is read once (a pattern that looks for a break inside a run would
  // read a long run again from each of its characters).
  return text.replace(/\s+/g, (run) => (/[\r\n]/.test(run) ? ' ' : run));
}

/** Cuts a line at its word marks; `mark` is a global pattern, `markMs` reads one match. */
export function splitAtMarks(
  text: string,
  mark: RegExp,
  markMs: (match: RegExpExecArray) => number,
  fileLine: number,
): MarkedSegment[] {
  const segments: MarkedSegment[] = [];
  let current: MarkedSegment = { ms: null, text: '', written: '', fileLine };
  let position = 0;
  mark.lastIndex = 0;
  for (let match = mark.exec(text); match !== null; match = mark.exec(text)) {
    current.text = text.slice(position, match.index);
    segments.push(current);
    current = { ms: markMs(match), text: '', written: match[0], fileLine };
    position = match.index + match[0].length;
  }
  current.text = text.slice(position);
  segments.push(current);
  return segments;
}

/**
 * The line's text and its words (null when no mark is written). Marks must not go back in time
 * nor start before the line; WebVTT also wants them before the cue's end.
 */
export function wordsFromSegments(
  segments: readonly MarkedSegment[],
  lineStartMs: number,
  lineEndMs: number | null,
): { text: string; words: WordTiming[] | null } {
  const words: WordTiming[] = [];
  let previousMs = lineStartMs;
  let marked = false;
  for (const segment of segments) {
    if (segment.ms !== null) {
      marked = true;
      if (segment.ms < previousMs) {
        throw new LyricsError(
          segment.ms < lineStartMs
            ? `The word time ${segment.written} is before the line starts.`
            : `The word time ${segment.written} goes back before the word ahead of it.`,
          segment.fileLine,
        );
      }
      if (lineEndMs !== null && segment.ms > lineEndMs) {
        throw new LyricsError(
          `The word time ${segment.written} is after the cue ends.`,
          segment.fileLine,
        );
      }
      previousMs = segment.ms;
    }
    const wordText = collapseSpaces(segment.text);
    const last = words[words.length - 1];
    if (wordText !== '') {
      // A line has at most LYRICS_LINE_MAX_CHARS characters, so never more words. Refused here,
      // as LRC copies a line's words for each of its time tags: words times tags would grow with
      // the square of the file's size.
      if (words.length === LYRICS_LINE_MAX_CHARS) {
        throw new LyricsError(
          `This line has more than ${LYRICS_LINE_MAX_CHARS} timed words: a line of lyrics has at most ${LYRICS_LINE_MAX_CHARS} characters.`,
          segment.fileLine,
        );
      }
      words.push({ text: wordText, startMs: segment.ms ?? lineStartMs, endMs: null });
    } else if (segment.ms !== null && last !== undefined && last.endMs === null) {
      last.endMs = segment.ms;
    }
  }
  const text = collapseSpaces(segments.map((segment) => segment.text).join(''));
  return { text, words: marked && words.length > 0 ? words : null };
}

/**
 * A line's text with a mark before each word (and after it when the word has its own end), keeping
 * the text between words as the line has it (so "愛して" stays without spaces). `markFirst` false
 * leaves out the mark of a first word that starts with the line (WebVTT wants marks after the start).
 */
export function writeMarkedWords(
  line: LyricLine,
  mark: (ms: number) => string,
  escape: (text: string) => string,
  markFirst: boolean,
): string {
  const words = line.words ?? [];
  const lineStartMs = line.startSeconds === null ? null : toMs(line.startSeconds);
  // Where each word is in the line's text; words that do not match it are written with spaces.
  const found: number[] = [];
  let from = 0;
  for (const word of words) {
    const at = line.text.indexOf(word.text, from);
    if (at < 0) break;
    found.push(at);
    from = at + word.text.length;
  }
  const matched = found.length === words.length;
  let out = '';
  let position = 0;
  words.forEach((word, index) => {
    const at = found[index] ?? 0;
    out += matched ? escape(line.text.slice(position, at)) : index === 0 ? '' : ' ';
    position = at + word.text.length;
    const startMs = toMs(word.startSeconds);
    if (markFirst || index > 0 || startMs !== lineStartMs) out += mark(startMs);
    out += escape(word.text);
    if (word.endSeconds !== null) out += mark(toMs(word.endSeconds));
  });
  if (matched) out += escape(line.text.slice(position));
  return out;
}

/** Words of the model from parsed timings, moved by `shiftMs` (a repeated LRC line, an offset). */
export function wordsInSeconds(words: readonly WordTiming[], shiftMs: number) {
  return words.map((word) => ({
    text: word.text,
    startSeconds: fromMs(Math.max(0, word.startMs + shiftMs)),
    endSeconds: word.endMs === null ? null : fromMs(Math.max(0, word.endMs + shiftMs)),
  }));
}
