// The playable copies of library tracks, kept on this device once a create screen has used them,
// so the preview plays offline too. Cache Storage under a "waveframe-user-" name: a logout clears
// it with the user's other media.
import { fetchMediaBytes } from '../../api/media';

export const PLAYABLE_CACHE = 'waveframe-user-playable-audio';
/** Larger playable copies are streamed, not kept (an hour of AAC at 192 kbit/s is ~86 MB). */
export const PLAYABLE_CACHE_MAX_BYTES = 60 * 1024 * 1024;

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** The saved copy of a playable file as a Blob, or null. */
export async function cachedPlayable(path: string): Promise<Blob | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  try {
    const cache = await storage.open(PLAYABLE_CACHE);
    const response = await cache.match(path);
    return response ? await response.blob() : null;
  } catch {
    return null;
  }
}

/** Fetches and keeps a playable file (if small enough); failures only cost the offline copy. */
export async function savePlayable(path: string, sizeHint: number | null): Promise<void> {
  const storage = cacheStorage();
  if (!storage || (sizeHint !== null && sizeHint > PLAYABLE_CACHE_MAX_BYTES)) return;
  try {
    const bytes = await fetchMediaBytes(path);
    if (bytes.byteLength > PLAYABLE_CACHE_MAX_BYTES) return;
    const cache = await storage.open(PLAYABLE_CACHE);
    await cache.put(path, new Response(bytes, { headers: { 'Content-Type': 'audio/mp4' } }));
  } catch {
    // Offline or a full storage: the track still plays while online.
  }
}
