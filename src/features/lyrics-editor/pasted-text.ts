// Plain text pasted by the musician into untimed lines: one line per sung line, a blank line
// between sections, a "[Chorus]"-style label naming one. The timings of lines still there are
// kept, edited ones included, so re-pasting a corrected text does not throw away the tapping.
import { labelLine, parsePlainText } from '../../../core/lyrics';
import {
  LYRICS_LINE_MAX_CHARS,
  LYRICS_MAX_LINES,
  LyricsError,
  type LyricLine,
  type LyricWord,
} from '../../../core/lyrics/lyrics';
import { wordsOf } from './line-timing';

/**
 * Untimed lines from text, read as core reads a plain lyrics file (sections step at blank lines
 * and at "[Chorus]"-style labels); none while the text has no lyrics or more than any song.
 */
export function linesFromText(text: string): LyricLine[] {
  try {
    return parsePlainText(text).lines;
  } catch (error) {
    if (error instanceof LyricsError) return [];
    throw error;
  }
}

/** The lines as text again, a blank line between sections and their labels (the paste box). */
export function textFromLines(lines: readonly LyricLine[]): string {
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (i > 0 && (line.section !== lines[i - 1]!.section || line.sectionLabel)) out.push('');
    if (line.sectionLabel) out.push(labelLine(line.sectionLabel));
    out.push(line.text);
  });
  return out.join('\n');
}

/**
 * New lines from text, keeping the timing of the lines that are still there. Lines are matched
 * in order, unchanged ones first; between two unchanged lines, an edited line takes the timing of
 * the line it replaced (line for line when as many lines were written as were there, else the
 * most alike), so fixing a typo keeps the line's time and only an inserted line is untimed.
 */
export function mergePastedText(previous: readonly LyricLine[], text: string): LyricLine[] {
  const next = linesFromText(text);
  const pairs = pairLines(
    previous.map((line) => line.text),
    next.map((line) => line.text),
  );
  let lastStart = -Infinity;
  pairs.forEach((at, i) => {
    const old = at === null ? undefined : previous[at];
    if (!old || old.startSeconds === null || old.startSeconds < lastStart) return;
    const line = next[i]!;
    line.startSeconds = old.startSeconds;
    line.endSeconds = old.endSeconds;
    line.words = wordsKept(old, line.text);
    lastStart = old.startSeconds;
  });
  return next;
}

/** The old line's word times for the new text: kept while it has as many words, else none. */
function wordsKept(old: LyricLine, text: string): LyricWord[] | null {
  if (!old.words) return null;
  const texts = wordsOf(text);
  if (old.words.length !== texts.length) return null;
  return old.words.map((word, k) => ({ ...word, text: texts[k]! }));
}

/**
 * For each new line, the old line it continues (or null): the longest run of unchanged lines in
 * order, then, between two of them, the lines replaced there.
 */
export function pairLines(before: readonly string[], after: readonly string[]): (number | null)[] {
  const n = before.length;
  const m = after.length;
  // Longest common subsequence, from the ends: common[i][j] for before[i..] and after[j..].
  const common = new Uint16Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[at(i, j)] =
        before[i] === after[j]
          ? common[at(i + 1, j + 1)]! + 1
          : Math.max(common[at(i + 1, j)]!, common[at(i, j + 1)]!);
    }
  }
  const pairs: (number | null)[] = new Array<number | null>(m).fill(null);
  let i = 0;
  let j = 0;
  let gapI = 0;
  let gapJ = 0;
  const closeGap = (endI: number, endJ: number) => {
    pairReplaced(before, after, gapI, endI, gapJ, endJ, pairs);
  };
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      closeGap(i, j);
      pairs[j] = i;
      i++;
      j++;
      gapI = i;
      gapJ = j;
    } else if (common[at(i + 1, j)]! >= common[at(i, j + 1)]!) i++;
    else j++;
  }
  closeGap(n, m);
  return pairs;
}

/**
 * Pairs the old lines before[from..to) with the new lines after[start..end) that replaced them:
 * each new line with the next old one much like it, in order; and between such pairs, as many
 * new lines as old ones line for line (rewritten lines).
 */
function pairReplaced(
  before: readonly string[],
  after: readonly string[],
  from: number,
  to: number,
  start: number,
  end: number,
  pairs: (number | null)[],
): void {
  let i = from;
  let j = start;
  const lineForLine = (toI: number, toJ: number) => {
    if (toI - i !== toJ - j) return;
    for (let k = 0; j + k < toJ; k++) pairs[j + k] = i + k;
  };
  for (let b = start; b < end; b++) {
    for (let a = i; a < to; a++) {
      if (likeness(before[a]!, after[b]!) < 0.5) continue;
      lineForLine(a, b);
      pairs[b] = a;
      i = a + 1;
      j = b + 1;
      break;
    }
  }
  lineForLine(to, end);
}

/** How alike two lines are, 0 to 1: the share of their letter pairs in common (Dice). */
function likeness(a: string, b: string): number {
  const pairsOf = (text: string) => {
    const letters = [...text.toLowerCase().replace(/\s+/g, ' ')];
    const counts = new Map<string, number>();
    for (let k = 0; k + 1 < letters.length; k++) {
      const pair = letters[k]! + letters[k + 1]!;
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
    return { counts, total: Math.max(0, letters.length - 1) };
  };
  const x = pairsOf(a);
  const y = pairsOf(b);
  if (x.total + y.total === 0) return a === b ? 1 : 0;
  let shared = 0;
  for (const [pair, count] of x.counts) shared += Math.min(count, y.counts.get(pair) ?? 0);
  return (2 * shared) / (x.total + y.total);
}

/** Why text cannot be kept as lyrics (the server would refuse it), or null. */
export function pastedTextProblem(text: string, lines: readonly LyricLine[]): string | null {
  if (
    lines.length === 0 &&
    text.split('\n').filter((line) => line.trim()).length > LYRICS_MAX_LINES
  )
    return `Lyrics can have up to ${LYRICS_MAX_LINES} lines.`;
  const long = lines.findIndex((line) => line.text.length > LYRICS_LINE_MAX_CHARS);
  if (long !== -1) return `Line ${long + 1} is longer than ${LYRICS_LINE_MAX_CHARS} characters.`;
  return null;
}
