import { getDatabase, type WaveframeDatabase } from './database';

/** Tables that belong to the device, not to a user: they survive a logout. */
export const DEVICE_TABLES: readonly string[] = ['attribution', 'particleDesigns'];

/**
 * Caches in Cache Storage whose name starts with this hold a user's data (their media, lists);
 * they are deleted at logout. Device-wide caches (the app shell, ffmpeg) use other names.
 */
export const USER_CACHE_PREFIX = 'waveframe-user-';

/** Keys in localStorage and sessionStorage starting with this belong to the signed-in user. */
export const USER_STORAGE_PREFIX = 'waveframe.user';

/** Empties every table of the browser database but the device's own (the attribution record). */
export async function clearUserTables(db: WaveframeDatabase): Promise<void> {
  await Promise.all(
    db.tables.filter((table) => !DEVICE_TABLES.includes(table.name)).map((table) => table.clear()),
  );
}

function clearStorage(storage: Storage | undefined): void {
  if (!storage) return;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(USER_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(USER_CACHE_PREFIX)).map((name) => caches.delete(name)),
  );
}

/**
 * Forgets everything this browser cached about the signed-in user (spec 4: "Logout clears all
 * cached data"): user tables of IndexedDB, user keys of web storage, user caches. Each part is
 * best effort: a storage that is unavailable holds nothing to clear.
 */
export async function clearCachedUserData(): Promise<void> {
  const attempts: Array<Promise<unknown>> = [clearUserTables(getDatabase()), clearUserCaches()];
  try {
    clearStorage(typeof localStorage === 'undefined' ? undefined : localStorage);
    clearStorage(typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
  } catch {
    // Storage access can throw in locked-down browsers.
  }
  await Promise.allSettled(attempts);
}
