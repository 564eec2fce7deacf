// How the app writes lengths, sizes, speeds and names (library, uploads, renders, the editor).
import type { ImageType } from '../../core/media/media-limits';
import type { LibraryAudio } from '../api/media';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A moment, m:ss (mm:ss from ten minutes, h:mm:ss from an hour), as a clock shows it: the second
 * it is in (5.9 s is 0:05); a dash when unknown.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '–:––';
  return clock(Math.floor(seconds));
}

/**
 * How long something lasts, to the nearest second, as players show it: 320.98 s is 5:21, as is
 * 321.04 s (one track's length from its tags and from its decoded audio). A dash when unknown.
 */
export function formatLength(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '–:––';
  return clock(Math.round(seconds));
}

function clock(whole: number): string {
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** Bytes as B, KB, MB or GB (1024 each, as the upload limits count them). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${shown} ${UNITS[unit]}`;
}

/** A transfer speed, such as "1.4 MB/s". */
export function formatSpeed(bytesPerSecond: number | null | undefined): string {
  if (bytesPerSecond == null || !Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) return '';
  return `${formatFileSize(Math.round(bytesPerSecond))}/s`;
}

/** Time left of a transfer at its speed, such as "12 s left" or "3 min left"; '' when unknown. */
export function formatTimeLeft(
  bytesLeft: number,
  bytesPerSecond: number | null | undefined,
): string {
  if (bytesPerSecond == null || !(bytesPerSecond > 0) || !(bytesLeft > 0)) return '';
  const seconds = Math.ceil(bytesLeft / bytesPerSecond);
  if (seconds < 60) return `${seconds} s left`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min left`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min left`;
}

/** A track's name: its title, else its file name without the extension. */
export function trackTitle(audio: Pick<LibraryAudio, 'title' | 'file_name'>): string {
  return audio.title?.trim() || audio.file_name.replace(/\.[^.]*$/, '') || audio.file_name;
}

export const IMAGE_TYPE_LABELS: Record<ImageType, string> = {
  album_art: 'Album art',
  logo: 'Logo',
  background: 'Background',
};

/** A date the way the user's browser writes it, e.g. "12 Mar 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A moment (ms since the epoch) with its date and time, e.g. "12 Mar 2026, 14:05". */
export function formatDateTime(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
