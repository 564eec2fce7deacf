// Which lyric line is on screen at a moment, and how far into it the singing is: pure functions of
// the lines and t, so any frame can be drawn alone.

import type { LyricLine } from '../../lyrics/lyrics';
import { LINE_MAX_SHOW_SECONDS } from '../../lyrics/timing/line-at';

/** A timed line with its end settled. */
export interface TimedLine {
  /** Index in the lyrics' lines. */
  index: number;
  line: LyricLine;
  start: number;
  end: number;
}

/**
 * The timed lines in order of start, each on screen by core's one rule (core/lyrics lineEnd): to
 * its own end, else to the next line's start but never more than LINE_MAX_SHOW_SECONDS, and
 * always replaced by the next line when it starts. Untimed lines (not tapped yet) are left out.
 */
export function timedLines(lines: readonly LyricLine[]): TimedLine[] {
  const timed = lines
    .map((line, index) => ({ line, index, start: line.startSeconds }))
    .filter((l): l is { line: LyricLine; index: number; start: number } => l.start !== null)
    .sort((a, b) => a.start - b.start || a.index - b.index);
  return timed.map((l, i) => {
    const next = timed[i + 1]?.start;
    const end = l.line.endSeconds ?? Math.min(next ?? Infinity, l.start + LINE_MAX_SHOW_SECONDS);
    return { ...l, end: Math.max(l.start, next !== undefined ? Math.min(end, next) : end) };
  });
}

/** Position in timedLines of the line shown at t (start <= t < end), or -1 between and around. */
export function lineIndexAt(lines: readonly TimedLine[], t: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid]!.start <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found >= 0 && t < lines[found]!.end ? found : -1;
}

/** The line's sung units with their times and places in its text. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
  /** Character range in the line's text. */
  from: number;
  to: number;
}

/**
 * The line's words with times: its own word timing when it has any, else its words (whitespace
 * separated, or each character of a line written without spaces) spread over the line in
 * proportion to their length, as sung syllables roughly are.
 */
export function timedWords(timed: TimedLine): TimedWord[] {
  const { line, start, end } = timed;
  const text = line.text;
  if (line.words && line.words.length > 0) {
    let cursor = 0;
    return line.words.map((word, i, words) => {
      const found = text.indexOf(word.text.trim(), cursor);
      const from = found >= 0 ? found : cursor;
      const to = found >= 0 ? found + word.text.trim().length : Math.min(text.length, cursor + 1);
      cursor = to;
      const next = words[i + 1]?.startSeconds ?? end;
      return { text: word.text, start: word.startSeconds, end: word.endSeconds ?? next, from, to };
    });
  }
  const units: { text: string; from: number; to: number }[] = [];
  const pattern = /\s/.test(text.trim()) ? /\S+/gu : /\P{M}\p{M}*/gu;
  for (const m of text.matchAll(pattern)) {
    units.push({ text: m[0], from: m.index, to: m.index + m[0].length });
  }
  const total = units.reduce((sum, u) => sum + Array.from(u.text).length, 0) || 1;
  let at = start;
  return units.map((u) => {
    const span = ((end - start) * Array.from(u.text).length) / total;
    const word = { ...u, start: at, end: at + span };
    at += span;
    return word;
  });
}

/** Index of the word being sung at t (the last started), or -1 before the first. */
export function wordIndexAt(words: readonly TimedWord[], t: number): number {
  let found = -1;
  words.forEach((w, i) => {
    if (w.start <= t) found = i;
  });
  return found;
}

/**
 * How much of the line's text is sung at t, in characters (fractional within the word being
 * sung): what the karaoke fill covers.
 */
export function sungCharacters(words: readonly TimedWord[], t: number): number {
  const i = wordIndexAt(words, t);
  if (i < 0) return 0;
  const w = words[i]!;
  const fraction =
    w.end > w.start ? Math.min(1, Math.max(0, (t - w.start) / (w.end - w.start))) : 1;
  return w.from + (w.to - w.from) * fraction;
}
