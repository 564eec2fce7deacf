// Which line (and word) is on screen at a moment of the track. One rule for the renderer, the
// preview and the caption files: a line shows from its start until its end; without an end, until
// the next line starts, but never more than LINE_MAX_SHOW_SECONDS (a line before a long
// instrumental break, or the last line, leaves the screen on its own). A line that starts replaces
// the one before it, whatever that one's end says. Lines are in time order; untimed lines never show.
import type { Lyrics } from '../lyrics';

/** The longest a line without an end stays on screen. */
export const LINE_MAX_SHOW_SECONDS = 8;

function nextStart(lyrics: Lyrics, index: number): number | null {
  for (let i = index + 1; i < lyrics.lines.length; i++) {
    const start = lyrics.lines[i]?.startSeconds;
    if (start != null) return start;
  }
  return null;
}

/** When line `index` leaves the screen (seconds); null when it is not timed. */
export function lineEnd(lyrics: Lyrics, index: number): number | null {
  const line = lyrics.lines[index];
  if (line === undefined || line.startSeconds === null) return null;
  if (line.endSeconds !== null) return line.endSeconds;
  const cap = line.startSeconds + LINE_MAX_SHOW_SECONDS;
  const next = nextStart(lyrics, index);
  return next === null ? cap : Math.min(next, cap);
}

/** Index of the line on screen at `seconds`, or -1 when none is. */
export function lineAt(lyrics: Lyrics, seconds: number): number {
  let latest = -1;
  for (let i = 0; i < lyrics.lines.length; i++) {
    const start = lyrics.lines[i]?.startSeconds;
    if (start == null) continue;
    if (start > seconds) break;
    latest = i;
  }
  if (latest < 0) return -1;
  const end = lineEnd(lyrics, latest);
  return end !== null && seconds < end ? latest : -1;
}

/**
 * Index of the word being sung at `seconds` in line `lineIndex`, or -1 (before its first word,
 * after its last word ends, or no word timing). A word lasts until its end, else the next word's
 * start, else the line's end.
 */
export function wordAt(lyrics: Lyrics, lineIndex: number, seconds: number): number {
  const words = lyrics.lines[lineIndex]?.words;
  if (words == null) return -1;
  let latest = -1;
  for (let i = 0; i < words.length; i++) {
    const start = words[i]?.startSeconds;
    if (start === undefined || start > seconds) break;
    latest = i;
  }
  const word = words[latest];
  if (word === undefined) return -1;
  const end = word.endSeconds ?? words[latest + 1]?.startSeconds ?? lineEnd(lyrics, lineIndex);
  return end !== null && seconds < end ? latest : -1;
}
