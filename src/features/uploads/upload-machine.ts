// The life of one upload: which events move it from state to state. Pure: the runner applies
// events as things happen, the store persists the result, the screens show it.
import type { UploadRow, UploadState } from '../../db/media-tables';

export type UploadEvent =
  /** Its turn came and the connection is up: bytes start to go out. */
  | { type: 'start' }
  /** The audio draft exists on the server: its id and tus upload (kept to resume from). */
  | { type: 'draft'; serverId: string; uploadUrl: string }
  | { type: 'progress'; sent: number; total: number; speed: number | null }
  /** The connection dropped (or the app stopped): wait, keeping what the server has. */
  | { type: 'interrupt'; reason: string; retryAt: number | null }
  /** The service worker's time for now is up: the next turn goes on where this one stopped. */
  | { type: 'pause' }
  /** The server holds every byte and works on the file. */
  | { type: 'uploaded'; serverId: string; note?: string }
  /** The server already had this file as a finished item: nothing (more) to send. */
  | { type: 'reused'; serverId: string; note: string }
  /** The server finished working on the file. */
  | { type: 'processed'; outcome: 'COMPLETE' | 'FAILED'; error: string | null }
  | { type: 'fail'; reason: string }
  /** The server lost the partial upload: start over with a new draft. */
  | { type: 'restart' }
  | { type: 'retry' }
  | { type: 'cancel' };

export type UploadEventType = UploadEvent['type'];

/** The states each event may leave from; any other pairing is ignored. */
const ALLOWED: Record<UploadEventType, readonly UploadState[]> = {
  start: ['queued'],
  draft: ['uploading'],
  progress: ['uploading'],
  interrupt: ['uploading', 'queued'],
  pause: ['uploading'],
  uploaded: ['uploading'],
  reused: ['queued', 'uploading'],
  processed: ['processing'],
  fail: ['queued', 'uploading', 'processing'],
  restart: ['uploading', 'queued'],
  retry: ['failed'],
  cancel: ['queued', 'uploading', 'failed'],
};

/** States an upload never leaves. */
export const FINAL_STATES: readonly UploadState[] = ['done', 'failed', 'cancelled'];

/** States in which the user can still stop the upload. */
export function canCancel(row: Pick<UploadRow, 'state'>): boolean {
  return ALLOWED.cancel.includes(row.state);
}

/** A failed upload can be tried again only while the browser still holds the file. */
export function canRetry(row: Pick<UploadRow, 'state' | 'file'>): boolean {
  return row.state === 'failed' && row.file !== null;
}

/** Waiting for its turn or a connection: what the runner picks from. */
export function isWaiting(row: Pick<UploadRow, 'state'>): boolean {
  return row.state === 'queued';
}

/** Unfinished uploads: these are resumed when the app starts. */
export function isUnfinished(row: Pick<UploadRow, 'state'>): boolean {
  return row.state === 'queued' || row.state === 'uploading' || row.state === 'processing';
}

function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((sent / total) * 100)));
}

/**
 * The row after an event at time `now`, or null when the event does not apply in the row's
 * state (a late progress report after a cancel, say).
 */
export function applyUploadEvent(
  row: UploadRow,
  event: UploadEvent,
  now: number,
): UploadRow | null {
  if (!ALLOWED[event.type].includes(row.state)) return null;
  if (event.type === 'retry' && !canRetry(row)) return null;
  const next: UploadRow = { ...row, updatedAt: now };
  switch (event.type) {
    case 'start':
      return { ...next, state: 'uploading', error: null, retryAt: null };
    case 'draft':
      return { ...next, serverId: event.serverId, uploadUrl: event.uploadUrl };
    case 'progress': {
      const sent = Math.max(0, Math.min(event.sent, event.total));
      return {
        ...next,
        bytesSent: sent,
        percent: percentOf(sent, event.total),
        speedBytesPerSecond: event.speed,
        // Bytes got through: the connection works again.
        attempts: sent > row.bytesSent ? 0 : row.attempts,
      };
    }
    case 'interrupt':
      return {
        ...next,
        state: 'queued',
        speedBytesPerSecond: null,
        error: event.reason,
        attempts: row.attempts + 1,
        retryAt: event.retryAt,
      };
    case 'pause':
      return { ...next, state: 'queued', speedBytesPerSecond: null, retryAt: null };
    case 'uploaded':
      return {
        ...next,
        state: 'processing',
        serverId: event.serverId,
        note: event.note ?? row.note,
        file: null,
        uploadUrl: null,
        bytesSent: row.fileSize,
        percent: 100,
        speedBytesPerSecond: null,
        error: null,
        retryAt: null,
      };
    case 'reused':
      return {
        ...next,
        state: 'done',
        serverId: event.serverId,
        file: null,
        uploadUrl: null,
        percent: 100,
        speedBytesPerSecond: null,
        error: null,
        note: event.note,
        retryAt: null,
      };
    case 'processed':
      return event.outcome === 'COMPLETE'
        ? { ...next, state: 'done', error: null }
        : {
            ...next,
            state: 'failed',
            error: event.error ?? 'The server could not process this file.',
          };
    case 'fail':
      return { ...next, state: 'failed', speedBytesPerSecond: null, error: event.reason };
    case 'restart':
      return {
        ...next,
        state: 'queued',
        serverId: null,
        uploadUrl: null,
        bytesSent: 0,
        percent: 0,
        speedBytesPerSecond: null,
        attempts: row.attempts + 1,
        retryAt: null,
      };
    case 'retry':
      return { ...next, state: 'queued', error: null, attempts: 0, retryAt: null };
    case 'cancel':
      return { ...next, state: 'cancelled', speedBytesPerSecond: null };
  }
}

/**
 * The row once the server has finished processing its file, for a screen that learns it from the
 * library before the runner's poll does (the same step the runner then stores). Rows in any other
 * state stay as they are.
 */
export function withProcessingOutcome(
  row: UploadRow,
  outcome: { outcome: 'COMPLETE' | 'FAILED'; error: string | null },
): UploadRow {
  return applyUploadEvent(row, { type: 'processed', ...outcome }, row.updatedAt) ?? row;
}
