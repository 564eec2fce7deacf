// What the server's processing statuses of images and tracks mean (spec 8 and 9): shared by the
// library sync, which polls them, and the upload queue, which waits for them.
import type { AudioStatus, ImageStatus } from '../api/media';
import type { UploadKind } from '../db/media-tables';

/** Spec 8 and 9: a 429 answer is retried after 5 s. */
export const RATE_LIMITED_RETRY_MS = 5_000;

export function isFinalImageStatus(status: ImageStatus): boolean {
  return status !== 'PENDING';
}

export function isFinalAudioStatus(status: AudioStatus | null): boolean {
  return status === 'COMPLETE' || status === 'FAILED';
}

/** The server finished with an item (or it no longer exists: GONE). */
export interface ProcessedItem {
  kind: UploadKind;
  serverId: string;
  outcome: 'COMPLETE' | 'FAILED' | 'GONE';
  error: string | null;
}
