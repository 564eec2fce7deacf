// The media library's background work for the signed-in user: the upload queue (sent by the
// service worker where it runs it, else by this page: features/uploads/upload-queue.ts) and the
// sync of the saved library. Both start when someone is signed in, once the device holds no
// other account's data (session.deviceReady), and stop at sign-out.
//
// Call startLibraryServices(session) once at app start (src/main.tsx) so unfinished uploads
// resume on any screen; the library screens call it too (useLibraryServices), so they work
// without it.
import { liveQuery } from 'dexie';
import { useEffect } from 'react';
import type { ImageType } from '../../../core/media/media-limits';
import { fetchAudioStatuses, fetchAudios, fetchImageStatuses, fetchImages } from '../../api/media';
import { fetchVideoProcessingStatuses } from '../../api/videos';
import type { UploadKind } from '../../db/media-tables';
import { LibraryCache } from './library-cache';
import { browserTimer } from '../../lib/timer';
import { browserForeground, LibrarySync } from './library-sync';
import { browserNetwork } from '../../lib/network';
import { type SessionStore, useSessionStore } from '../session';
import { readAudioDuration, uploadRowsFor, UploadQueue } from '../uploads';
import { readSavedUploads } from './saved-uploads';
import { libraryOutcome } from './upload-outcomes';

export interface LibraryServices {
  cache: LibraryCache;
  sync: LibrarySync;
  uploads: UploadQueue;
  /** Checks the files and queues them; refused ones appear as failed rows with the reason. */
  addFiles(files: readonly File[], kind: UploadKind, imageType?: ImageType): Promise<void>;
}

function createLibraryServices(): LibraryServices {
  const cache = new LibraryCache();
  const sync = new LibrarySync({
    api: {
      fetchImages,
      fetchAudios,
      fetchImageStatuses,
      fetchAudioStatuses,
      fetchVideoStatuses: fetchVideoProcessingStatuses,
    },
    cache,
    network: browserNetwork,
    now: Date.now,
    setTimer: browserTimer,
    onForeground: browserForeground,
  });
  const uploads = new UploadQueue((kind, serverId) => sync.watch(kind, serverId));
  sync.onProcessed((item) => void uploads.settle(item).catch(() => undefined));
  followProcessedUploads(sync, uploads);
  return {
    cache,
    sync,
    uploads,
    async addFiles(files, kind, imageType) {
      const ownerId = attached?.session.getState().user?.user_uuid;
      if (!ownerId) throw new Error('Files are queued for a signed-in user');
      const rows = await uploadRowsFor(files, kind, {
        ownerId,
        readDuration: readAudioDuration,
        imageType,
        now: Date.now(),
      });
      await uploads.enqueue(rows);
    },
  };
}

/**
 * Uploads the service worker sent are processed on the server; this page polls them (the worker
 * does not), as it does for its own: every row that reaches processing, once. An upload whose
 * file the saved library already holds as finished (a list fetched at start, another tab's poll)
 * is settled from it at once, as the screens already show it.
 */
function followProcessedUploads(sync: LibrarySync, uploads: UploadQueue): void {
  const watched = new Set<string>();
  liveQuery(() => readSavedUploads()).subscribe({
    next({ rows, items }) {
      for (const row of rows) {
        if (row.state !== 'processing' || !row.serverId) continue;
        const outcome = libraryOutcome(row, items);
        if (outcome) {
          void uploads.settle(outcome).catch(() => undefined);
        } else if (!watched.has(row.serverId)) {
          watched.add(row.serverId);
          sync.watch(row.kind, row.serverId);
        }
      }
    },
    error: () => undefined,
  });
}

let services: LibraryServices | null = null;
let attached: { session: SessionStore; detach: () => void } | null = null;

/** The services (created on first use; nothing runs until startLibraryServices). */
export function libraryServices(): LibraryServices {
  services ??= createLibraryServices();
  return services;
}

/**
 * Runs the upload queue and the library sync while `session` is signed in. Calling it again
 * with the same session does nothing; with another one (tests), it moves over.
 */
export function startLibraryServices(session: SessionStore): void {
  if (attached?.session === session) return;
  attached?.detach();
  const { sync, uploads } = libraryServices();
  /** The user they run for (null: stopped). */
  let runningFor: string | null = null;
  const stop = () => {
    runningFor = null;
    uploads.stop();
    sync.stop();
  };
  const signedInUser = () => {
    const { status, user } = session.getState();
    return status === 'signed-in' ? (user?.user_uuid ?? null) : null;
  };
  const follow = () => {
    const user = signedInUser();
    if (user === runningFor) return;
    // Signed out, or another user signed in: nothing goes on for the one before.
    stop();
    if (!user) return;
    void session.deviceReady().then(() => {
      if (attached?.session !== session || signedInUser() !== user) return;
      runningFor = user;
      sync.start();
      uploads.start();
    });
  };
  const unsubscribe = session.subscribe(follow);
  attached = {
    session,
    detach: () => {
      unsubscribe();
      stop();
    },
  };
  follow();
}

/** Stops everything (tests). */
export function stopLibraryServices(): void {
  attached?.detach();
  attached = null;
}

/** For the library screens: makes sure the services run, and hands them over. */
export function useLibraryServices(): LibraryServices {
  const session = useSessionStore();
  useEffect(() => {
    startLibraryServices(session);
  }, [session]);
  return libraryServices();
}
