// Cues, the timed blocks of SRT and WebVTT: reading their times, and the rules both formats share.
import { LyricsError } from '../lyrics';
import { clockMs } from './clock';

const CUE_TIME = String.raw`(?:(\d+):)?(\d{1,2}):(\d{1,2})[.,](\d{1,3})`;
/** `start --> end`, then (WebVTT) cue settings, which are not kept. */
const CUE_TIMING = new RegExp(String.raw`^\s*(${CUE_TIME})\s*-->\s*(${CUE_TIME})(?:\s.*)?$`);

/**
 * How far a cue may start before the previous one ends and still be read: tools that round times
 * leave a few milliseconds of overlap. Such a cue is kept and the previous one ends where it starts;
 * a longer overlap (two lines sung at once, or cues out of order) is refused.
 */
export const CUE_OVERLAP_TOLERANCE_MS = 10;

/** A cue read from a file, its times in milliseconds. */
export interface ReadCue {
  startMs: number;
  endMs: number;
  fileLine: number;
}

/**
 * The times of a cue's timing line. `example` is a correct line in the file's format, for the
 * message when this one is not.
 */
export function readCueTiming(text: string, fileLine: number, example: string): ReadCue {
  const match = CUE_TIMING.exec(text);
  if (match === null) {
    throw new LyricsError(
      `The cue time "${text.trim()}" is not in the form ${example} (hours:minutes:seconds, milliseconds).`,
      fileLine,
    );
  }
  const [, start = '', startHours, startMinutes = '', startSeconds = '', startFraction] = match;
  const [end = '', endHours, endMinutes = '', endSeconds = '', endFraction] = match.slice(6);
  return {
    startMs: clockMs(
      { hours: startHours, minutes: startMinutes, seconds: startSeconds, fraction: startFraction },
      start,
      fileLine,
    ),
    endMs: clockMs(
      { hours: endHours, minutes: endMinutes, seconds: endSeconds, fraction: endFraction },
      end,
      fileLine,
    ),
    fileLine,
  };
}

/**
 * Refuses a cue that ends before it starts or overlaps the previous one (beyond the tolerance);
 * `written` turns milliseconds into the file's notation for the message.
 */
export function checkCue(
  cue: ReadCue,
  previous: ReadCue | undefined,
  written: (ms: number) => string,
): void {
  if (cue.endMs <= cue.startMs) {
    throw new LyricsError(
      cue.endMs === cue.startMs
        ? `This cue ends when it starts (${written(cue.startMs)}): it would never show.`
        : `This cue ends (${written(cue.endMs)}) before it starts (${written(cue.startMs)}).`,
      cue.fileLine,
    );
  }
  if (previous !== undefined && cue.startMs < previous.endMs - CUE_OVERLAP_TOLERANCE_MS) {
    throw new LyricsError(
      `This cue starts at ${written(cue.startMs)}, before the cue above it ends (${written(previous.endMs)}): cues must not overlap.`,
      cue.fileLine,
    );
  }
}
