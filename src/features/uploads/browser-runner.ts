// The upload runner with the browser's own parts, the same in a page and in the service worker:
// the queue and the library in IndexedDB, the API over fetch (tus for audio and video), the
// connection as the context sees it, the server's login check (whose session the requests carry),
// and the Web Locks API so only one context runs it at a time.
import { fetchCurrentUser } from '../../api/auth';
import {
  abortAudioUpload,
  createAudioDraft,
  finalizeAudio,
  uploadImageFile,
} from '../../api/media';
import { sendWithTus } from '../../api/tus-upload';
import { abortVideo, createVideoDraft, finalizeVideo } from '../../api/videos';
import { getDatabase } from '../../db/database';
import type { UploadKind, UploadRow } from '../../db/media-tables';
import { browserNetwork } from '../../lib/network';
import { browserTimer } from '../../lib/timer';
import { UploadRunner } from './upload-runner';
import { dexieUploadStore } from './upload-store';

/** The lock every runner of the queue holds while it works (pages and the service worker). */
export const QUEUE_LOCK = 'waveframe-upload-queue';

/** Runs `run` while this context holds the queue's lock, so no file is ever sent twice at once. */
export function exclusively<T>(run: () => Promise<T>, signal: AbortSignal): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return run();
  return locks.request(QUEUE_LOCK, { signal }, run) as Promise<T>;
}

export function browserUploadRunner(options: {
  /** Polls the server's processing of an uploaded item (pages do; the service worker does not). */
  watch: (kind: UploadKind, serverId: string) => void;
  afterEach?: (row: UploadRow | null) => Promise<void>;
}): UploadRunner {
  return new UploadRunner({
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
    // The library's tables as the screens read them: a new track or image shows at once.
    library: {
      knownAudios: () => getDatabase().libraryAudios.toArray(),
      rememberAudio: async (audio) => void (await getDatabase().libraryAudios.put(audio)),
      rememberImage: async (image) => void (await getDatabase().libraryImages.put(image)),
      watch: options.watch,
    },
    // The server's answer, not the page's idea of the session: the service worker has none, and
    // the cookies its requests carry are whatever the last sign-in on this device left.
    signedInUser: async () => {
      const answer: { user?: { user_uuid?: unknown } } | null = await fetchCurrentUser();
      const id = answer?.user?.user_uuid;
      if (typeof id !== 'string') throw new Error('The login check named no user');
      return id;
    },
    exclusively,
    afterEach: options.afterEach,
    now: Date.now,
    setTimer: browserTimer,
  });
}
