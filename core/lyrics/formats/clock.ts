// Times as the lyrics formats write them. Files are read into whole milliseconds and a Lyrics holds
// milliseconds / 1000, so writing a parsed file and reading it back gives the same numbers.
import { LyricsError } from '../lyrics';

/** Seconds of a Lyrics to whole milliseconds, as every format writes them. */
export function toMs(seconds: number): number {
  return Math.round(seconds * 1000);
}

export function fromMs(ms: number): number {
  return ms / 1000;
}

/** The parts of a written time: hours (when written), minutes, seconds, and the digits after the point. */
export interface ClockParts {
  hours: string | undefined;
  minutes: string;
  seconds: string;
  fraction: string | undefined;
}

/**
 * Milliseconds of a written time, refusing minutes or seconds of 60 and more. One fraction digit
 * is tenths, two hundredths, three milliseconds. LRC has no hours, so its minutes may pass 59.
 */
export function clockMs(parts: ClockParts, written: string, line: number): number {
  const hours = parts.hours === undefined ? 0 : Number(parts.hours);
  const minutes = Number(parts.minutes);
  const seconds = Number(parts.seconds);
  if (parts.hours !== undefined && minutes >= 60) {
    throw new LyricsError(`The time ${written} has ${minutes} minutes: at most 59.`, line);
  }
  if (seconds >= 60) {
    throw new LyricsError(`The time ${written} has ${seconds} seconds: at most 59.`, line);
  }
  const fraction = parts.fraction ?? '';
  const ms = fraction === '' ? 0 : Math.round(Number(`0.${fraction}`) * 1000);
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;
}

function pad(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}

/** `mm:ss.xx` for LRC: hundredths as the format is usually written, milliseconds when they matter. */
export function formatLrcTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  const fraction = rest % 10 === 0 ? pad(rest / 10, 2) : pad(rest, 3);
  return `${pad(minutes, 2)}:${pad(seconds, 2)}.${fraction}`;
}

/** `hh:mm:ss,mmm` (SRT) or `hh:mm:ss.mmm` (WebVTT). */
export function formatCueTime(ms: number, separator: ',' | '.'): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${separator}${pad(ms % 1000, 3)}`;
}
