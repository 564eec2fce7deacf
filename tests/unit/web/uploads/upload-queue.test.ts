// How a page drives the upload queue (src/features/uploads/upload-queue.ts): it hands the queue to
// the service worker that answers its hello (wakes it, registers Background Sync, sends no byte
// itself), and runs it itself where no such worker controls it. The browser's service worker
// container is a stand-in here; the queue is the real one in (fake) IndexedDB.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '../../../../src/db/database';
import {
  UPLOAD_SYNC_TAG,
  type QueueMessage,
} from '../../../../src/features/uploads/queue-protocol';
import { UploadQueue } from '../../../../src/features/uploads/upload-queue';
import { ROW_OWNER, uploadRow } from './upload-fixtures';

/** A service worker container whose controller runs the queue (answers hello) or not. */
function container(options: { controller: 'runs-queue' | 'old' | null }) {
  const messages: QueueMessage[] = [];
  const syncTags: string[] = [];
  const listeners = new Set<() => void>();
  const controllerOf = (kind: 'runs-queue' | 'old') => ({
    postMessage(message: QueueMessage, ports: MessagePort[] = []) {
      if (message.type === 'uploads:hello') {
        if (kind === 'runs-queue') ports[0]?.postMessage({ type: 'uploads:here' });
        return;
      }
      messages.push(message);
    },
  });
  const value = {
    controller: options.controller ? controllerOf(options.controller) : null,
    ready: Promise.resolve({ sync: { register: async (tag: string) => void syncTags.push(tag) } }),
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  return {
    value: value as unknown as ServiceWorkerContainer,
    messages,
    syncTags,
    /** A worker that runs the queue takes control (an install, an update). */
    takeControl() {
      value.controller = controllerOf('runs-queue');
      for (const listener of listeners) listener();
    },
  };
}

/**
 * The API as the page's own runner would call it: records the calls; the login check names the
 * rows' owner, anything else answers nothing useful.
 */
function recordApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      if (String(input) === '/api/auth/user') {
        const user = { user_uuid: ROW_OWNER, email: 'artist@example.com', email_verified: true };
        return new Response(JSON.stringify({ user }), { status: 200 });
      }
      return new Response(JSON.stringify({ exc: 'Nope', message: 'not here' }), { status: 503 });
    }),
  );
  return calls;
}

let queue: UploadQueue | null = null;
afterEach(async () => {
  queue?.stop();
  queue = null;
  vi.unstubAllGlobals();
  await getDatabase().uploadQueue.clear();
});

describe('the upload queue as a page drives it', () => {
  it('a worker that runs the queue gets it: the page wakes it and registers the sync, and sends no byte itself', async () => {
    const calls = recordApi();
    const sw = container({ controller: 'runs-queue' });
    queue = new UploadQueue(() => undefined, sw.value);
    queue.start();
    await vi.waitFor(() => expect(queue!.runsInServiceWorker()).toBe(true));
    await queue.enqueue([uploadRow()]);
    await vi.waitFor(() => expect(sw.syncTags).toContain(UPLOAD_SYNC_TAG));
    expect(sw.messages.map((message) => message.type)).toContain('uploads:work');
    // The row waits in IndexedDB for the worker; this page never asked for a draft.
    expect((await getDatabase().uploadQueue.get('u1'))?.state).toBe('queued');
    expect(calls.filter((url) => url.includes('add-audio-draft'))).toEqual([]);

    await queue.cancel('u1');
    expect(sw.messages.at(-1)).toMatchObject({ type: 'uploads:cancel', id: 'u1' });
  });

  it('with no worker in control, the page runs the queue itself', async () => {
    const calls = recordApi();
    const sw = container({ controller: null });
    queue = new UploadQueue(() => undefined, sw.value);
    queue.start();
    await queue.enqueue([uploadRow()]);
    await vi.waitFor(() =>
      expect(calls.filter((url) => url.includes('add-audio-draft'))).not.toEqual([]),
    );
    expect(queue.runsInServiceWorker()).toBe(false);
    expect(sw.messages).toEqual([]);
  });

  it('a worker of an older release, which does not answer, leaves the queue to the page', async () => {
    const calls = recordApi();
    const sw = container({ controller: 'old' });
    queue = new UploadQueue(() => undefined, sw.value);
    queue.start();
    await queue.enqueue([uploadRow()]);
    await vi.waitFor(
      () => expect(calls.filter((url) => url.includes('add-audio-draft'))).not.toEqual([]),
      { timeout: 8_000 },
    );
    expect(queue.runsInServiceWorker()).toBe(false);
  });

  it('when a worker that runs the queue takes control, the page hands it over', async () => {
    recordApi();
    const sw = container({ controller: null });
    queue = new UploadQueue(() => undefined, sw.value);
    queue.start();
    expect(queue.runsInServiceWorker()).toBe(false);
    sw.takeControl();
    await vi.waitFor(() => expect(queue!.runsInServiceWorker()).toBe(true));
    await vi.waitFor(() =>
      expect(sw.messages.map((message) => message.type)).toContain('uploads:work'),
    );
  });
});
