// Plain text pasted by the musician into untimed lines: one line per sung line, a blank line
// between sections. Timings of lines that did not change are kept, so re-pasting a corrected
// text does not throw away the tapping already done.
import type { LyricLine } from '../../../core/lyrics/lyrics';

/** The server's limits (server/services/media/lyrics.service.ts), checked before saving. */
export const MAX_LINES = 2000;
export const MAX_LINE_CHARS = 500;

/** Untimed lines from text; sections count from 0 and step at each run of blank lines. */
export function linesFromText(text: string): LyricLine[] {
  const lines: LyricLine[] = [];
  let section = 0;
  let blankBefore = false;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      blankBefore = true;
      continue;
    }
    if (blankBefore && lines.length > 0) section++;
    blankBefore = false;
    lines.push({ text: line, startSeconds: null, endSeconds: null, words: null, section });
  }
  return lines;
}

/** The lines as text again, a blank line between sections (what the paste box shows). */
export function textFromLines(lines: readonly LyricLine[]): string {
  return lines
    .map((line, i) =>
      i > 0 && line.section !== lines[i - 1]!.section ? `\n${line.text}` : line.text,
    )
    .join('\n');
}

/**
 * New lines from text, keeping the timing of each line whose text is unchanged and in the same
 * order (matched in sequence, so a line inserted in the middle only loses its own timing).
 */
export function mergePastedText(previous: readonly LyricLine[], text: string): LyricLine[] {
  const next = linesFromText(text);
  let from = 0;
  let lastStart = -Infinity;
  for (const line of next) {
    const at = previous.findIndex((old, i) => i >= from && old.text === line.text);
    if (at === -1) continue;
    const old = previous[at]!;
    from = at + 1;
    if (old.startSeconds === null || old.startSeconds < lastStart) continue;
    line.startSeconds = old.startSeconds;
    line.endSeconds = old.endSeconds;
    line.words = old.words;
    lastStart = old.startSeconds;
  }
  return next;
}

/** Why text cannot be kept as lyrics (the server would refuse it), or null. */
export function pastedTextProblem(lines: readonly LyricLine[]): string | null {
  if (lines.length > MAX_LINES)
    return `Lyrics can have up to ${MAX_LINES} lines (this has ${lines.length}).`;
  const long = lines.findIndex((line) => line.text.length > MAX_LINE_CHARS);
  if (long !== -1) return `Line ${long + 1} is longer than ${MAX_LINE_CHARS} characters.`;
  return null;
}
