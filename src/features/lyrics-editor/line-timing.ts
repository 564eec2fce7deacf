// Timing edits on lyric lines, pure: each takes the lines and gives new ones that the server
// accepts (timed lines in time order, ends after starts, words inside their line).
import type { LyricLine, LyricWord } from '../../../core/lyrics/lyrics';
import { snapToBeat } from '../../../core/lyrics';

/** The arrow keys move a line this much. */
export const NUDGE_SECONDS = 0.05;

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The earliest and latest start line i may take without passing a timed neighbour. */
export function startRange(lines: readonly LyricLine[], i: number): { min: number; max: number } {
  let min = 0;
  for (let j = i - 1; j >= 0; j--) {
    const start = lines[j]!.startSeconds;
    if (start !== null) {
      min = start;
      break;
    }
  }
  let max = Infinity;
  for (let j = i + 1; j < lines.length; j++) {
    const start = lines[j]!.startSeconds;
    if (start !== null) {
      max = start;
      break;
    }
  }
  return { min, max };
}

/** The line started at `start`, its end and words moved with it (they keep their distances). */
function shifted(line: LyricLine, start: number): LyricLine {
  const from = line.startSeconds;
  if (from === null) return { ...line, startSeconds: round(start), endSeconds: null, words: null };
  const by = start - from;
  return {
    ...line,
    startSeconds: round(start),
    endSeconds: line.endSeconds === null ? null : round(line.endSeconds + by),
    words:
      line.words?.map((word) => ({
        ...word,
        startSeconds: round(word.startSeconds + by),
        endSeconds: word.endSeconds === null ? null : round(word.endSeconds + by),
      })) ?? null,
  };
}

function replaced(lines: readonly LyricLine[], i: number, line: LyricLine): LyricLine[] {
  const next = lines.slice();
  next[i] = line;
  return next;
}

/** Line i moved to start at `seconds`, kept between its timed neighbours. */
export function moveLine(lines: readonly LyricLine[], i: number, seconds: number): LyricLine[] {
  const line = lines[i];
  if (!line) return lines.slice();
  const { min, max } = startRange(lines, i);
  const start = Math.min(max, Math.max(min, seconds, 0));
  return replaced(lines, i, shifted(line, start));
}

/** Line i moved by `seconds` (a nudge); an untimed line stays as it is. */
export function nudgeLine(lines: readonly LyricLine[], i: number, seconds: number): LyricLine[] {
  const start = lines[i]?.startSeconds;
  if (start === null || start === undefined) return lines.slice();
  return moveLine(lines, i, start + seconds);
}

/**
 * A tap: line i starts at `seconds`, kept between the timed lines above and below it. Only that
 * line changes: the timing of every other line, later ones included, is kept.
 */
export function tapLine(lines: readonly LyricLine[], i: number, seconds: number): LyricLine[] {
  const line = lines[i];
  if (!line) return lines.slice();
  const { min, max } = startRange(lines, i);
  return replaced(lines, i, shifted(line, Math.min(max, Math.max(min, seconds, 0))));
}

/** Every timed line's start moved to its nearest beat, where that keeps the lines in order. */
export function snapLines(lines: readonly LyricLine[], beats: readonly number[]): LyricLine[] {
  const next = lines.slice();
  for (let i = 0; i < next.length; i++) {
    const start = next[i]!.startSeconds;
    if (start === null) continue;
    if (beats.length === 0) return next;
    const beat = snapToBeat(start, beats);
    const { min, max } = startRange(next, i);
    if (beat >= min && beat <= max) next[i] = shifted(next[i]!, beat);
  }
  return next;
}

/** The words of a line's text, split at spaces. */
export function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/**
 * A word tap: word w of line i starts at `seconds`, not before the line or the word before it.
 * The first word tapped in a line gives it all its words, the untapped ones at the tapped time
 * (in order, as the server asks) until their own tap.
 */
export function tapWord(
  lines: readonly LyricLine[],
  i: number,
  w: number,
  seconds: number,
): LyricLine[] {
  const line = lines[i];
  if (!line || line.startSeconds === null) return lines.slice();
  const texts = wordsOf(line.text);
  if (w < 0 || w >= texts.length) return lines.slice();
  const previous = line.words?.length === texts.length ? line.words : null;
  const floor = w > 0 && previous ? previous[w - 1]!.startSeconds : line.startSeconds;
  let at = round(Math.max(floor, line.startSeconds, seconds));
  if (line.endSeconds !== null) at = Math.min(at, line.endSeconds);
  const words: LyricWord[] = texts.map((text, k) => {
    const old = previous?.[k];
    if (k === w) return { text, startSeconds: at, endSeconds: null };
    if (k < w) return old ?? { text, startSeconds: line.startSeconds!, endSeconds: null };
    return { text, startSeconds: Math.max(old?.startSeconds ?? at, at), endSeconds: null };
  });
  return replaced(lines, i, { ...line, words });
}
