/// <reference lib="webworker" />
// The upload queue in the service worker (src/sw.ts calls serveUploadQueue): it sends the files
// the pages queued even when no page of the app is open. The browser wakes it with a Background
// Sync event (Chromium) or a page wakes it with a message; each time it works the queue until
// nothing more can be done now, inside that event's time, and asks to be woken again when work is
// left. Open pages follow along in IndexedDB; with no page open, a notification says when the
// last file of a batch has gone up, and the app badge counts the files still waiting.
import { rememberCsrfToken } from '../../api/cookie-source';
import { getDatabase } from '../../db/database';
import { browserUploadRunner } from './browser-runner';
import {
  isQueueMessage,
  UPLOAD_SYNC_TAG,
  uploadsFinishedNotification,
  type HelloAnswer,
} from './queue-protocol';
import type { DrainEnd } from './upload-runner';

/**
 * How long one wake works before pausing between two chunks: browsers end an event that runs for
 * minutes (Chromium's limit is 3 to 5), and a paused upload goes on at the next wake.
 */
export const WAKE_BUDGET_MS = 150_000;

/**
 * The browser fires Background Sync once it is online, but the worker's navigator.onLine can
 * still say offline for a moment: a sync wake waits this long for it before giving up.
 */
export const SYNC_ONLINE_WITHIN_MS = 10_000;

interface SyncEventLike extends ExtendableEvent {
  tag: string;
  lastChance: boolean;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

interface BadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Files still to be sent: queued or under way. */
async function waitingCount(): Promise<number> {
  const rows = await getDatabase().uploadQueue.toArray();
  return rows.filter((row) => row.state === 'queued' || row.state === 'uploading').length;
}

export function serveUploadQueue(sw: ServiceWorkerGlobalScope): void {
  /** Files that went up since the queue was last empty (the batch). */
  let sentInBatch = 0;

  const updateBadge = async (count: number) => {
    const badge = sw.navigator as unknown as BadgeNavigator;
    try {
      if (count > 0) await badge.setAppBadge?.(count);
      else await badge.clearAppBadge?.();
    } catch {
      // Not installed, or no badge on this platform: the list in the app says the same.
    }
  };

  const runner = browserUploadRunner({
    // The pages poll processing; the worker only sends.
    watch: () => undefined,
    async afterEach(row) {
      if (row?.state === 'processing' || row?.state === 'done') sentInBatch += 1;
      await updateBadge(await waitingCount());
    },
  });

  /** Registers the queue's sync (where the browser has it); answers whether it took. */
  const askToBeWoken = async (): Promise<boolean> => {
    const sync = (sw.registration as unknown as SyncRegistration).sync;
    if (!sync) return false;
    return sync.register(UPLOAD_SYNC_TAG).then(
      () => true,
      () => false,
    );
  };

  const batchFinished = async () => {
    const count = sentInBatch;
    sentInBatch = 0;
    if (count === 0) return;
    const pages = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    if (pages.length > 0 || Notification.permission !== 'granted') return;
    const { title, body } = uploadsFinishedNotification(count);
    await sw.registration.showNotification(title, {
      body,
      tag: 'waveframe-uploads-finished',
      icon: '/icons/icon-192.png',
      data: { url: '/media' },
    });
  };

  /**
   * Works the queue for one wake; answers how it ended, and whether more is left for later (its
   * time was up mid-queue and no new wake could be asked for, or files wait for a connection).
   */
  const work = async (onlineWithinMs = 0): Promise<{ end: DrainEnd; left: boolean }> => {
    await updateBadge(await waitingCount());
    const end = await runner.drain(Date.now() + WAKE_BUDGET_MS, { onlineWithinMs });
    const waiting = await waitingCount();
    await updateBadge(waiting);
    if (end === 'idle' && waiting === 0) await batchFinished();
    // Its time was up in the middle of the queue: go on at once, in a new wake.
    if (end === 'paused') return { end, left: !(await askToBeWoken()) };
    return { end, left: end === 'offline' || end === 'waiting' };
  };

  sw.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag !== UPLOAD_SYNC_TAG) return;
    sync.waitUntil(
      work(SYNC_ONLINE_WITHIN_MS).then(({ left }) => {
        // Files are left (waiting for a connection, or a retry later): failing the event makes
        // the browser try again on its own schedule. Its last try leaves them queued, to go on
        // at the next wake (a page opened, or a new file queued).
        if (left && !sync.lastChance) throw new Error('Uploads are waiting to be sent');
      }),
    );
  });

  sw.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (!isQueueMessage(data)) return;
    if (data.type === 'uploads:hello') {
      const answer: HelloAnswer = { type: 'uploads:here' };
      event.ports[0]?.postMessage(answer);
      return;
    }
    rememberCsrfToken(data.csrfToken);
    const first = data.type === 'uploads:cancel' ? runner.cancel(data.id) : Promise.resolve();
    event.waitUntil(
      first
        .then(() => work())
        .then(async ({ end }) => {
          // A page woke it, but files wait for a connection: the browser wakes it once it is back.
          if (end === 'offline' || end === 'waiting') await askToBeWoken();
        }),
    );
  });

  // A new version of the worker picks up the uploads the old one left (from the server's offset).
  sw.addEventListener('activate', () => void askToBeWoken());

  sw.addEventListener('notificationclick', (event) => {
    const url = (event.notification.data as { url?: string } | null)?.url;
    if (!url || event.notification.tag !== 'waveframe-uploads-finished') return;
    event.notification.close();
    event.waitUntil(sw.clients.openWindow(url));
  });
}
