// WebVTT: `WEBVTT`, then cues (an optional name, `start --> end [settings]`, the text). Each cue is
// one line of lyrics, its text lines joined with a space. Kept: times, karaoke timestamps inside a
// cue (`<00:00:01.000>`) as word times, and the `Language:` header that YouTube and others write.
// Dropped: cue settings, NOTE, STYLE and REGION blocks, tags (<c.x>, <i>, <v Singer>, <lang>...),
// ruby readings (<rt>). Sections are not kept: every line is in section 0.
import { LyricsError, type LyricLine, type Lyrics } from '../lyrics';
import { clockMs, formatCueTime, fromMs } from './clock';
import { checkCue, readCueTiming, type ReadCue } from './cues';
import { checkLineCount, lyricsFileLines } from './lyrics-text';
import { splitAtMarks, wordsFromSegments, wordsInSeconds, type MarkedSegment } from './timed-words';

const VTT_EXAMPLE = '00:01:02.500 --> 00:01:05.000';
const SIGNATURE = /^WEBVTT(?:[ \t].*)?$/;
const SKIPPED_BLOCK = /^(?:NOTE(?:[ \t].*)?|STYLE[ \t]*|REGION[ \t]*)$/;
const KARAOKE_MARK = /<(?:(\d+):)?(\d{1,2}):(\d{1,2})\.(\d{1,3})>/g;
// A tag, or a reading, that is never closed is read up to the next tag (the next reading) only:
// reading it to the end of the text, from each of them, took time in the square of its length.
const RUBY_READING = /<(rt|rp)(?:[.\s][^<>]*)?>(?:[^<]|<(?!r[tp][.\s>]))*?<\/\1>/g;
const TAG = /<[^<>]*>/g;
const LANGUAGE_HEADER = /^Language:\s*([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*)\s*$/i;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The segments of a cue's text lines (joined with a space), tags and readings removed. */
function cueSegments(textLines: readonly string[], firstLine: number): MarkedSegment[] {
  const segments: MarkedSegment[] = [];
  textLines.forEach((raw, index) => {
    const fileLine = firstLine + index;
    const pieces = splitAtMarks(
      raw.replace(RUBY_READING, ''),
      KARAOKE_MARK,
      (mark) => {
        const [written, hours, minutes = '', seconds = '', fraction] = mark;
        return clockMs({ hours, minutes, seconds, fraction }, written, fileLine);
      },
      fileLine,
    ).map((piece) => ({ ...piece, text: decodeEntities(piece.text.replace(TAG, '')) }));
    const last = segments[segments.length - 1];
    pieces.forEach((piece, at) => {
      // The line's first piece goes on with the line above it (a line break inside the cue).
      if (at === 0 && last !== undefined) last.text += ` ${piece.text}`;
      else segments.push(piece);
    });
  });
  return segments;
}

/** Reads a WebVTT file; throws LyricsError naming the file's line when it cannot. */
export function parseVtt(text: string): Lyrics {
  const fileLines = lyricsFileLines(text);
  if (!SIGNATURE.test(fileLines[0] ?? '')) {
    throw new LyricsError('A WebVTT file starts with the line WEBVTT.', 1);
  }
  const isBlank = (index: number) => (fileLines[index] ?? '').trim() === '';
  let language: string | null = null;
  let i = 1;
  // The header: lines up to the first blank one (a line with --> is already the first cue).
  for (; i < fileLines.length && !isBlank(i) && !(fileLines[i] ?? '').includes('-->'); i++) {
    const header = LANGUAGE_HEADER.exec(fileLines[i] ?? '');
    if (header !== null) language = header[1] ?? null;
  }
  const lines: LyricLine[] = [];
  let previous: ReadCue | undefined;
  let sawCue = false;
  while (i < fileLines.length) {
    if (isBlank(i)) {
      i++;
      continue;
    }
    const first = fileLines[i] ?? '';
    if (!first.includes('-->') && SKIPPED_BLOCK.test(first.trim())) {
      while (i < fileLines.length && !isBlank(i)) i++;
      continue;
    }
    if (!first.includes('-->')) i++; // the cue's name
    const timing = fileLines[i] ?? '';
    if (!timing.includes('-->')) {
      throw new LyricsError(
        `A cue time like ${VTT_EXAMPLE} was expected here, after the cue's name.`,
        i + 1,
      );
    }
    sawCue = true;
    const cue = readCueTiming(timing, i + 1, VTT_EXAMPLE);
    checkCue(cue, previous, (ms) => formatCueTime(ms, '.'));
    const textLines: string[] = [];
    for (i++; i < fileLines.length && !isBlank(i); i++) textLines.push(fileLines[i] ?? '');
    const segments = cueSegments(textLines, cue.fileLine + 1);
    const cueLine = wordsFromSegments(segments, cue.startMs, cue.endMs);
    if (cueLine.text === '') continue;
    const last = lines[lines.length - 1];
    if (previous !== undefined && last !== undefined && cue.startMs < previous.endMs) {
      last.endSeconds = fromMs(cue.startMs);
    }
    checkLineCount(lines.length + 1, cue.fileLine);
    lines.push({
      text: cueLine.text,
      startSeconds: fromMs(cue.startMs),
      endSeconds: fromMs(cue.endMs),
      words: cueLine.words === null ? null : wordsInSeconds(cueLine.words, 0),
      section: 0,
    });
    previous = cue;
  }
  if (!sawCue) {
    throw new LyricsError(
      `There is no cue time like ${VTT_EXAMPLE} in this file, so it has no timed lyrics.`,
    );
  }
  if (lines.length === 0) throw new LyricsError('There are no lyrics in this file, only times.');
  return { lines, language };
}
