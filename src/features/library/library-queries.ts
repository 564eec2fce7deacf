// What the library screens read from the saved library, live.
import { useCallback, useSyncExternalStore } from 'react';
import type { LibraryAudio, LibraryImage } from '../../api/media';
import { getDatabase } from '../../db/database';
import { libraryServices } from './library-services';
import { byNewest } from './library-cache';
import type { SyncStatus } from './library-sync';
import { useLiveQuery, type LiveResult } from '../../lib/use-live-query';

const images = async (): Promise<LibraryImage[]> =>
  byNewest(await getDatabase().libraryImages.toArray());
const audios = async (): Promise<LibraryAudio[]> =>
  byNewest(await getDatabase().libraryAudios.toArray());

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
