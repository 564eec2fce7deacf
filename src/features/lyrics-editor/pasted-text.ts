// Plain text pasted by the musician into untimed lines: one line per sung line, a blank line
// between sections. Timings of lines that did not change are kept, so re-pasting a corrected
// text does not throw away the tapping already done.
import { parsePlainText } from '../../../core/lyrics';
import {
  LYRICS_LINE_MAX_CHARS,
  LYRICS_MAX_LINES,
  LyricsError,
  type LyricLine,
} from '../../../core/lyrics/lyrics';

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
