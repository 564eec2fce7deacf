// How an upload reads on screen: its privacy, and how far it got.
import type { UploadEntry } from '../../api/publishing';
import { formatFileSize } from '../../lib/format';

export const PRIVACY_LABELS: Record<UploadEntry['privacy'], string> = {
  private: 'Private',
  unlisted: 'Unlisted',
  public: 'Public',
};

/** 0..100, whole. */
export const uploadPercent = (entry: Pick<UploadEntry, 'percent_complete'>): number =>
  Math.floor(Math.min(100, Math.max(0, entry.percent_complete)));

/** "12 MB of 48 MB sent", or what it waits for before any byte goes. */
export function uploadBytesText(
  entry: Pick<UploadEntry, 'bytes_sent' | 'bytes_total' | 'yt_upload_status'>,
): string {
  if (entry.yt_upload_status === 'SUCCESS' && entry.bytes_total) {
    return `${formatFileSize(entry.bytes_total)} sent`;
  }
  if (entry.bytes_total === null && entry.bytes_sent === 0) return 'Waiting to start…';
  if (entry.bytes_total === null) return `${formatFileSize(entry.bytes_sent)} sent`;
  return `${formatFileSize(entry.bytes_sent)} of ${formatFileSize(entry.bytes_total)} sent`;
}

/** A date and time the way the user's browser writes it, e.g. "12 Mar 2026, 18:30". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
