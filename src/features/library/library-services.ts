// The media library's background work for the signed-in user: the upload queue and the sync
// of the saved library. Both start when someone is signed in and stop at sign-out.
//
// Call startLibraryServices(session) once at app start (src/main.tsx) so unfinished uploads
// resume on any screen; the library screens call it too (useLibraryServices), so they work
// without it.
import { useEffect } from 'react';
import type { ImageType } from '../../../core/media/media-limits';
import {
  abortAudioUpload,
  createAudioDraft,
  fetchAudioStatuses,
  fetchAudios,
  fetchImageStatuses,
  fetchImages,
  finalizeAudio,
  uploadImageFile,
} from '../../api/media';
import {
  abortVideo,
  createVideoDraft,
  fetchVideoProcessingStatuses,
  finalizeVideo,
} from '../../api/videos';
import type { UploadKind } from '../../db/media-tables';
import { LibraryCache } from './library-cache';
import { browserTimer } from '../../lib/timer';
import { browserForeground, LibrarySync } from './library-sync';
import { browserNetwork } from '../../lib/network';
import { type SessionStore, useSessionStore } from '../session';
import {
  dexieUploadStore,
  readAudioDuration,
  sendWithTus,
  uploadRowsFor,
  UploadRunner,
} from '../uploads';

const QUEUE_LOCK = 'waveframe-upload-queue';

/** Runs `run` while this tab holds the queue's lock, so two tabs never send the same file. */
function exclusively(run: () => Promise<void>, signal: AbortSignal): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return run();
  return locks.request(QUEUE_LOCK, { signal }, run).then(() => undefined);
}

export interface LibraryServices {
  cache: LibraryCache;
  sync: LibrarySync;
  runner: UploadRunner;
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
  const runner = new UploadRunner({
    store: dexieUploadStore(),
    network: browserNetwork,
    audio: {
      createDraft: createAudioDraft,
      sendBytes: sendWithTus,
      finalize: finalizeAudio,
      abort: abortAudioUpload,
    },
    video: { createDraft: createVideoDraft, finalize: finalizeVideo, abort: abortVideo },
    image: { upload: uploadImageFile },
    library: {
      knownAudios: () => cache.audios(),
      rememberAudio: (audio) => cache.putAudios([audio]),
      rememberImage: (image) => cache.putImages([image]),
      watch: (kind, serverId) => sync.watch(kind, serverId),
    },
    exclusively,
    now: Date.now,
    setTimer: browserTimer,
  });
  sync.onProcessed((item) => void runner.settle(item).catch(() => undefined));
  return {
    cache,
    sync,
    runner,
    async addFiles(files, kind, imageType) {
      const rows = await uploadRowsFor(files, kind, {
        readDuration: readAudioDuration,
        imageType,
        now: Date.now(),
      });
      await runner.enqueue(rows);
    },
  };
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
  const { sync, runner } = libraryServices();
  const follow = () => {
    if (session.getState().status === 'signed-in') {
      sync.start();
      runner.start();
    } else {
      runner.stop();
      sync.stop();
    }
  };
  const unsubscribe = session.subscribe(follow);
  attached = {
    session,
    detach: () => {
      unsubscribe();
      runner.stop();
      sync.stop();
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
