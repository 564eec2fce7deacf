// Settings of the upload transfer. The chunk size can be lowered on one device for testing:
//
//   localStorage.setItem('waveframe.uploadChunkBytes', String(256 * 1024))
//
// (the end-to-end tests do this to make an upload slow enough to interrupt). The key does not
// start with 'waveframe.user', so it is a device setting that survives a logout. It is read when
// a file is queued and kept on its row: the service worker, which sends it, has no localStorage.

export const CHUNK_SIZE_STORAGE_KEY = 'waveframe.uploadChunkBytes';

/** Bytes per PATCH request of a resumable upload: what a dropped connection can cost at most. */
export const DEFAULT_CHUNK_BYTES = 5 * 1024 * 1024;
const MIN_CHUNK_BYTES = 16 * 1024;

/** The chunk size: the device setting when it holds a sensible number, else the default. */
export function uploadChunkBytes(
  storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
): number {
  const raw = storage?.getItem(CHUNK_SIZE_STORAGE_KEY);
  const value = raw ? Number(raw) : NaN;
  return Number.isInteger(value) && value >= MIN_CHUNK_BYTES ? value : DEFAULT_CHUNK_BYTES;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Waits after the n-th interruption in a row (ms) before trying again: 2, 5, 10, 30, 60 s. */
export function backoffAfter(attempts: number): number {
  const steps = [2000, 5000, 10_000, 30_000, 60_000];
  return steps[Math.min(Math.max(attempts, 1), steps.length) - 1] as number;
}
