// The upload queue as a page drives it. Where the service worker runs the queue (it answers the
// page's hello), the page only adds rows to IndexedDB and wakes the worker (a message, and a
// Background Sync registration where the browser has it), so uploads go on with the app closed;
// the page never sends bytes itself then. Where no such worker controls the page (the first
// visit, a browser without service workers, development), the page runs the same runner itself.
// Either way one runner works at a time (the queue's Web Lock), and the screens follow the rows.
import { csrfToken } from '../../api/client';
import type { UploadKind, UploadRow } from '../../db/media-tables';
import type { ProcessedItem } from '../../lib/media-status';
import { browserNetwork } from '../../lib/network';
import { browserUploadRunner } from './browser-runner';
import { UPLOAD_SYNC_TAG, type HelloAnswer, type QueueMessage } from './queue-protocol';
import type { UploadRunner } from './upload-runner';

/** How long a controlling worker may take to say it runs the queue (it may be starting up). */
const HELLO_TIMEOUT_MS = 3000;

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Whether the service worker that controls this page runs the upload queue. */
function controllerRunsUploads(container: ServiceWorkerContainer | undefined): Promise<boolean> {
  const controller = container?.controller;
  if (!controller) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), HELLO_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<HelloAnswer>) => {
      clearTimeout(timer);
      resolve(event.data?.type === 'uploads:here');
    };
    const hello: QueueMessage = { type: 'uploads:hello' };
    controller.postMessage(hello, [channel.port2]);
  });
}

export class UploadQueue {
  /** This page's own runner: it works only where no service worker does, and does the rest. */
  private readonly local: UploadRunner;
  private inWorker = false;
  private started = false;
  private detach: Array<() => void> = [];

  constructor(
    watch: (kind: UploadKind, serverId: string) => void,
    private readonly container: ServiceWorkerContainer | undefined = typeof navigator ===
    'undefined'
      ? undefined
      : navigator.serviceWorker,
  ) {
    this.local = browserUploadRunner({ watch });
  }

  /** Signed in: the queue moves, in the service worker where it runs it, else in this page. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const decide = () => void this.decide();
    this.container?.addEventListener('controllerchange', decide);
    this.detach.push(() => this.container?.removeEventListener('controllerchange', decide));
    this.detach.push(browserNetwork.onOnline(() => this.kick()));
    decide();
  }

  /** Signed out: nothing more is sent from here (the rows stay, for the next sign-in). */
  stop(): void {
    this.started = false;
    for (const undo of this.detach.splice(0)) undo();
    this.local.stop();
  }

  /** Whether the service worker works the queue for this page. */
  runsInServiceWorker(): boolean {
    return this.inWorker;
  }

  private async decide(): Promise<void> {
    const inWorker = await controllerRunsUploads(this.container);
    if (!this.started) return;
    this.inWorker = inWorker;
    if (inWorker) {
      // Hand over: a transfer of this page's stops (resumable) and frees the queue's lock.
      this.local.stop();
      await this.wakeWorker();
    } else {
      this.local.start();
    }
  }

  /** Something may be sent now: wake whoever works the queue. */
  kick(): void {
    if (this.inWorker) void this.wakeWorker();
    else this.local.poke();
  }

  private async wakeWorker(message?: QueueMessage): Promise<void> {
    const token = await csrfToken().catch(() => null);
    this.container?.controller?.postMessage(message ?? { type: 'uploads:work', csrfToken: token });
    // Background Sync (Chromium): the browser wakes the worker for the queue once it is online,
    // even with every page of the app closed.
    const registration = await this.container?.ready.catch(() => undefined);
    await (registration as SyncRegistration | undefined)?.sync
      ?.register(UPLOAD_SYNC_TAG)
      .catch(() => undefined);
  }

  async enqueue(rows: UploadRow[]): Promise<void> {
    await this.local.enqueue(rows);
    if (this.inWorker && rows.some((row) => row.state === 'queued')) {
      askForNotificationsOnce();
      await this.wakeWorker();
    }
  }

  /** Stops an upload and forgets it, in whichever context sends it. */
  async cancel(id: string): Promise<void> {
    if (!this.inWorker) return this.local.cancel(id);
    const token = await csrfToken().catch(() => null);
    await this.wakeWorker({ type: 'uploads:cancel', id, csrfToken: token });
  }

  async retry(id: string): Promise<void> {
    await this.local.retry(id);
    this.kick();
  }

  dismiss(id: string): Promise<void> {
    return this.local.dismiss(id);
  }

  /** The server finished processing an upload (the pages poll processing). */
  settle(item: ProcessedItem): Promise<void> {
    return this.local.settle(item);
  }
}

/**
 * The service worker says when the last file of a batch has gone up with no page open, if the
 * user lets it: asked when they first queue a file (their own action), never when a page loads.
 */
function askForNotificationsOnce(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}
