// What the library screens read from the saved library, live.
import { useCallback, useSyncExternalStore } from 'react';
import type { LibraryAudio, LibraryImage } from '../../api/media';
import { getDatabase } from '../../db/database';
import { libraryServices } from './library-services';
import { byNewest } from './library-cache';
import type { SyncStatus } from './library-sync';
import { useLiveQuery, type LiveResult } from '../../lib/use-live-query';
import { useOnline } from '../../lib/network';

const images = async (): Promise<LibraryImage[]> =>
  byNewest(await getDatabase().libraryImages.toArray());
const audios = async (): Promise<LibraryAudio[]> =>
  byNewest(await getDatabase().libraryAudios.toArray());

/**
 * A list as this device has it once it has fetched it whole from the server; null before that
 * (just signed in: the cache was cleared at the last logout), when its length is no count yet.
 */
const fetchedList =
  <T>(key: 'images' | 'audios', read: () => Promise<T[]>) =>
  async (): Promise<T[] | null> =>
    (await getDatabase().libraryMeta.get(key)) ? read() : null;

const fetchedImages = fetchedList('images', images);
const fetchedAudios = fetchedList('audios', audios);

/** The images, null until this device has fetched the list (see fetchedList). */
export function useFetchedImages(): LiveResult<LibraryImage[] | null> {
  return useLiveQuery(fetchedImages);
}

/** The tracks, null until this device has fetched the list (see fetchedList). */
export function useFetchedAudios(): LiveResult<LibraryAudio[] | null> {
  return useLiveQuery(fetchedAudios);
}

export function useLibraryImages(): LiveResult<LibraryImage[]> {
  return useLiveQuery(images);
}

export function useLibraryAudios(): LiveResult<LibraryAudio[]> {
  return useLiveQuery(audios);
}

/** One track; value is null when this device has not seen it. */
export function useLibraryAudio(audioUuid: string): LiveResult<LibraryAudio | null> {
  const query = useCallback(
    async () => (await getDatabase().libraryAudios.get(audioUuid)) ?? null,
    [audioUuid],
  );
  return useLiveQuery(query);
}

const oldestFetch = async (): Promise<number | null> => {
  const lists = await getDatabase().libraryMeta.toArray();
  return lists.length ? Math.min(...lists.map((list) => list.fetchedAt)) : null;
};

/** When the saved library was fetched from the server (the older of its two lists), or null. */
export function useLibraryFetchedAt(): number | null {
  return useLiveQuery(oldestFetch).value ?? null;
}

/** Whether the lists are being fetched, or their last fetch failed. */
export function useSyncStatus(): SyncStatus {
  const { sync } = libraryServices();
  return useSyncExternalStore(sync.subscribe, sync.getStatus, sync.getStatus);
}

/** Whether a list not fetched yet is on its way: online, and no fetch of the library refused. */
export function useLibraryCanLoad(): boolean {
  const online = useOnline();
  const status = useSyncStatus();
  return online && !status.images.failed && !status.audios.failed;
}
