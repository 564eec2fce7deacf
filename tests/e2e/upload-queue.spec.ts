// The upload queue in the service worker (issue 24) in Chromium against the real server: files
// queued offline go up with no page of the app open, woken by Background Sync (fired here through
// the DevTools protocol, as Chromium does once it is online); an upload cut off with its page
// closed goes on from the server's offset; two tabs share one transfer; a new version of the
// worker picks up the upload the old one was sending. Bytes are counted on the requests the
// worker sends, and the server's copies are compared with the files by SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { UPLOAD_SYNC_TAG } from '../../src/features/uploads/queue-protocol';
import { CHUNK_SIZE_STORAGE_KEY } from '../../src/features/uploads/upload-settings';
import { startServer, type RunningServer } from '../support/server-process';
import { wavBytes } from '../support/wav';
import { signUpToStateFile } from './account-helpers';
import { expect, test } from './fixtures';
import { fileInput, fixture, waitForServiceWorker } from './render-helpers';

const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-upload-queue-${process.pid}.json`);
const MiB = 1024 * 1024;

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE_FILE });

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'queue');
});

const uploadRow = (page: Page, file: string) =>
  page.locator(`[data-testid="upload-row"][data-file="${file}"]`);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Fires the queue's Background Sync event through the DevTools protocol, as Chromium does once
 * it is online. The session lives on a blank tab, which is no page of the app.
 */
async function syncFirer(context: BrowserContext, origin: string) {
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations) {
      if (!registration.isDeleted)
        registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  return async (lastChance = false) => {
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId: registrations.get(`${origin}/`)!,
      tag: UPLOAD_SYNC_TAG,
      lastChance,
    });
  };
}

/**
 * The browser's retries of a failed sync: a wake that ends with files left fails its event, and
 * the browser fires it again later (minutes later, in Chromium). A test stands in for that: when
 * nothing has been sent for 10 s and the file is not on the server yet, the sync fires again.
 * (Once, on a loaded machine, the first wake came while the worker still saw no connection.)
 */
function syncRetries(fireSync: () => Promise<void>, sent: { patches: unknown[] }) {
  let seen = sent.patches.length;
  let quietSince = Date.now();
  return async () => {
    if (sent.patches.length !== seen) {
      seen = sent.patches.length;
      quietSince = Date.now();
    } else if (Date.now() - quietSince > 10_000) {
      quietSince = Date.now();
      await fireSync();
    }
  };
}

/** The bytes of every PATCH the service worker sends to the tus uploads, as they leave. */
function countWorkerPatches(context: BrowserContext) {
  const patches: { offset: number; bytes: number; fromWorker: boolean; worker: number }[] = [];
  const workers: unknown[] = [];
  context.on('request', (request: Request) => {
    if (request.method() !== 'PATCH' || !request.url().includes('/api/audio/uploads/')) return;
    const sender = request.serviceWorker();
    const fromWorker = sender !== null;
    if (sender && !workers.includes(sender)) workers.push(sender);
    const patch = {
      offset: Number(request.headers()['upload-offset']),
      bytes: NaN,
      fromWorker,
      /** Which worker sent it: 0 the first seen, 1 the next (a new version, or a restart). */
      worker: workers.indexOf(sender),
    };
    patches.push(patch);
    // The body's size: a request held by a test's route has its body at hand but no
    // Content-Length yet; any other has the header (and no body kept).
    const held = request.postDataBuffer()?.length;
    if (held !== undefined) patch.bytes = held;
    else {
      void request
        .allHeaders()
        .then((headers) => (patch.bytes = Number(headers['content-length'])));
    }
  });
  return {
    patches,
    total: () => patches.reduce((sum, patch) => sum + patch.bytes, 0),
    /** Every byte went from the service worker, none from a page. */
    allFromWorker: () => patches.length > 0 && patches.every((patch) => patch.fromWorker),
  };
}

interface ServerFile {
  uuid: string;
  status: string;
}

/** The user's track or image of that name on the server, once its processing has ended. */
async function processedOnServer(
  request: APIRequestContext,
  kind: 'audio' | 'image',
  name: string,
  /** Called at each look while the file is not there yet. */
  whileWaiting: () => Promise<void> = async () => undefined,
): Promise<ServerFile> {
  let found: ServerFile | undefined;
  await expect
    .poll(
      async () => {
        if (!found) await whileWaiting();
        if (kind === 'audio') {
          const { audios } = (await (await request.get('/api/audio/get-user-audios')).json()) as {
            audios: { audio_uuid: string; file_name: string; core_processing_status: string }[];
          };
          const audio = audios.find((each) => each.file_name === name);
          found = audio && { uuid: audio.audio_uuid, status: audio.core_processing_status };
        } else {
          const { images } = (await (
            await request.get('/api/user-workspace/get-user-images')
          ).json()) as { images: { image_uuid: string; image_name: string; status: string }[] };
          const image = images.find((each) => each.image_name === name);
          found = image && { uuid: image.image_uuid, status: image.status };
        }
        return found?.status;
      },
      { timeout: 120_000, message: `${kind} ${name} processed on the server` },
    )
    .toBe('COMPLETE');
  return found!;
}

/** SHA-256 of the original the server stored (its local storage, under DATA_DIR). */
async function storedOriginal(
  request: APIRequestContext,
  dataDir: string,
  kind: 'audio' | 'images',
  uuid: string,
) {
  const { user } = (await (await request.get('/api/auth/user')).json()) as {
    user: { user_uuid: string };
  };
  const file = path.join(dataDir, 'storage', 'users', user.user_uuid, kind, uuid, 'original');
  return sha256(await readFile(file));
}

function e2eDataDir(): string {
  const dir = process.env.WAVEFRAME_E2E_DATA_DIR;
  if (!dir) throw new Error('WAVEFRAME_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
}

/** A WAV file of about `bytes` bytes of noise (16-bit stereo, 44.1 kHz), made for the test. */
async function noiseWav(folder: string, name: string, bytes: number): Promise<string> {
  const data = randomBytes(bytes - 44);
  const file = path.join(folder, name);
  await writeFile(file, wavBytes(data, { channels: 2, sampleRate: 44_100 }));
  return file;
}

test('files queued offline go up with every page of the app closed, when Background Sync wakes the worker', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/media/audio');
  await waitForServiceWorker(page);
  const fireSync = await syncFirer(context, baseURL!);
  const sent = countWorkerPatches(context);

  await context.setOffline(true);
  await fileInput(page, 'Upload audio').setInputFiles(fixture('audio/intro-30s.flac'));
  await expect(uploadRow(page, 'intro-30s.flac')).toHaveAttribute('data-state', 'queued');
  await page.goto('/media/images');
  await fileInput(page, 'Upload images').setInputFiles(fixture('images/truchet-1000.jpg'));
  await expect(uploadRow(page, 'truchet-1000.jpg')).toHaveAttribute('data-state', 'queued');
  await page.screenshot({ path: test.info().outputPath('queued-offline.png'), fullPage: true });

  // Every page of the app closed; then the connection is back and the browser wakes the worker.
  await page.close();
  await context.setOffline(false);
  await fireSync();

  const retry = syncRetries(fireSync, sent);
  const audio = await processedOnServer(context.request, 'audio', 'intro-30s.flac', retry);
  const image = await processedOnServer(context.request, 'image', 'truchet-1000', retry);
  const dataDir = e2eDataDir();
  expect(await storedOriginal(context.request, dataDir, 'audio', audio.uuid)).toBe(
    sha256(await readFile(fixture('audio/intro-30s.flac'))),
  );
  expect(await storedOriginal(context.request, dataDir, 'images', image.uuid)).toBe(
    sha256(await readFile(fixture('images/truchet-1000.jpg'))),
  );
  expect(sent.total()).toBe((await readFile(fixture('audio/intro-30s.flac'))).length);
  expect(sent.allFromWorker()).toBe(true);

  // With no page open, the worker said so (the user allowed notifications).
  const opened = await context.newPage();
  await opened.goto('/media/audio');
  const notifications = await opened.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map(
      (each) => `${each.title}: ${each.body}`,
    ),
  );
  expect(notifications).toContain('Uploads finished: 2 files are in your Waveframe library.');
  // The app opened later reads where the queue stands: finished.
  await expect(uploadRow(opened, 'intro-30s.flac')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  await opened.goto('/media/images');
  await expect(uploadRow(opened, 'truchet-1000.jpg')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  await opened.screenshot({ path: test.info().outputPath('finished.png'), fullPage: true });
});

test('an upload cut off at 40 % with its page closed goes on from the server’s offset', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'waveframe-e2e-queue-'));
  try {
    const size = 50 * MiB;
    const file = await noiseWav(folder, 'long-take.wav', size);
    await page.goto('/media/audio');
    await waitForServiceWorker(page);
    const fireSync = await syncFirer(context, baseURL!);
    const sent = countWorkerPatches(context);

    // The connection goes as the fifth of the ten 5 MiB chunks leaves (40 % acknowledged), and
    // the page is closed.
    const CHUNK = 5 * MiB;
    let cut: () => void = () => undefined;
    const wasCut = new Promise<void>((resolve) => (cut = resolve));
    await context.route('**/api/audio/uploads/**', async (route) => {
      const request = route.request();
      if (
        request.method() === 'PATCH' &&
        request.headers()['upload-offset'] === String(4 * CHUNK)
      ) {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
        cut();
        return;
      }
      await route.continue().catch(() => undefined);
    });
    await fileInput(page, 'Upload audio').setInputFiles(file);
    await wasCut;
    await page.close();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await expect.poll(() => sent.patches.length).toBe(5);

    await context.setOffline(false);
    await fireSync();
    const audio = await processedOnServer(
      context.request,
      'audio',
      'long-take.wav',
      syncRetries(fireSync, sent),
    );
    expect(await storedOriginal(context.request, e2eDataDir(), 'audio', audio.uuid)).toBe(
      sha256(await readFile(file)),
    );
    // Resumed, not restarted: at most the file and the one chunk lost with the connection.
    expect(sent.total()).toBeGreaterThanOrEqual(size);
    expect(sent.total()).toBeLessThanOrEqual(size + CHUNK);
    expect(sent.patches.filter((patch) => patch.offset === 0)).toHaveLength(1);
    expect(sent.allFromWorker()).toBe(true);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('two tabs open during an upload: one transfer, and both show the same progress', async ({
  context,
}) => {
  test.setTimeout(300_000);
  const CHUNK_BYTES = 128 * 1024;
  const [first, second] = [await context.newPage(), await context.newPage()];
  for (const tab of [first, second]) {
    await tab.goto('/media/audio');
    await waitForServiceWorker(tab);
  }
  await first.evaluate(([key, bytes]) => localStorage.setItem(key, bytes), [
    CHUNK_SIZE_STORAGE_KEY,
    String(CHUNK_BYTES),
  ] as const);
  const sent = countWorkerPatches(context);
  // The tenth chunk is held until both tabs have been read: mid-way, the progress stands still.
  const HELD_OFFSET = String(9 * CHUNK_BYTES);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/audio/uploads/**', async (route) => {
    if (route.request().headers()['upload-offset'] === HELD_OFFSET) await released;
    await route.continue().catch(() => undefined);
  });
  await fileInput(first, 'Upload audio').setInputFiles(fixture('audio/intro-30s.wav'));
  const size = (await readFile(fixture('audio/intro-30s.wav'))).length;
  const percentIn = async (tab: Page) =>
    Number(await uploadRow(tab, 'intro-30s.wav').getAttribute('data-percent'));
  // Mid-way, the other tab shows what the first one does.
  await expect
    .poll(
      async () => {
        const [a, b] = [await percentIn(first), await percentIn(second)];
        return a > 0 && a < 100 && a === b;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  release();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  for (const tab of [first, second]) {
    // 41 chunks through the service worker: over a minute on a machine at half speed.
    await expect(uploadRow(tab, 'intro-30s.wav')).toHaveAttribute('data-state', /processing|done/, {
      timeout: 180_000,
    });
  }
  await processedOnServer(context.request, 'audio', 'intro-30s.wav');
  // One transfer: each 128 KiB chunk sent once, in order (a held request's size is not always
  // known to the test, so the offsets say it).
  const offsets = sent.patches.map((patch) => patch.offset);
  const chunks = Math.ceil(size / CHUNK_BYTES);
  expect(offsets).toEqual(Array.from({ length: chunks }, (_, i) => i * CHUNK_BYTES));
  expect(sent.allFromWorker()).toBe(true);
});

test.describe('a new version of the service worker', () => {
  // A server of its own, serving a copy of the built app whose worker the test changes.
  let server: RunningServer;
  let folder: string;
  test.use({ storageState: { cookies: [], origins: [] } });

  test.beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'waveframe-e2e-sw-update-'));
    const dist = path.join(folder, 'dist');
    const built = path.resolve('dist');
    await mkdir(dist);
    for (const entry of await readdir(built)) {
      // The ffmpeg.wasm core is large and unchanged: linked, not copied.
      if (entry === 'ffmpeg') await symlink(path.join(built, entry), path.join(dist, entry));
      else await cp(path.join(built, entry), path.join(dist, entry), { recursive: true });
    }
    server = await startServer({
      DATA_DIR: path.join(folder, 'data'),
      WEB_DIST_DIR: dist,
      APP_URL: 'http://127.0.0.1',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  test('taking over in the middle of an upload, it goes on from the server’s offset: nothing sent twice beyond one chunk, no file lost', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await page.goto(`${server.url}/`);
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
    const signUp = await context.request.post(`${server.url}/api/auth/sign-up`, {
      headers: { 'X-CSRFToken': csrf },
      data: {
        email: `sw-update-${Date.now()}@example.com`,
        password1: 'abcdef',
        password2: 'abcdef',
      },
    });
    expect(signUp.status()).toBe(201);
    await page.goto(`${server.url}/media/audio`);
    await waitForServiceWorker(page);
    const CHUNK = 256 * 1024;
    await page.evaluate(([key, bytes]) => localStorage.setItem(key, bytes), [
      CHUNK_SIZE_STORAGE_KEY,
      String(CHUNK),
    ] as const);
    // The sixth chunk is held on its way until the new worker has taken over, so the update
    // lands mid-transfer however fast or slow the machine is.
    const HELD_OFFSET = String(5 * CHUNK);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/api/audio/uploads/**', async (route) => {
      if (route.request().headers()['upload-offset'] === HELD_OFFSET) await released;
      await route.continue().catch(() => undefined);
    });
    const sent = countWorkerPatches(context);
    await fileInput(page, 'Upload audio').setInputFiles(fixture('audio/intro-30s.wav'));
    const row = uploadRow(page, 'intro-30s.wav');
    await expect.poll(() => sent.patches.length, { timeout: 60_000 }).toBe(6);
    await expect
      .poll(async () => Number(await row.getAttribute('data-percent')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(20);

    // A new release: the worker's script changes, the app offers the reload, the user takes it.
    const size = (await readFile(fixture('audio/intro-30s.wav'))).length;
    const worker = path.join(folder, 'dist', 'sw.js');
    await writeFile(worker, `${await readFile(worker, 'utf8')}\n// the next release\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect
      .poll(() =>
        page.evaluate(async () =>
          Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
        ),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Reload' }).click();
    // Chromium lets the old worker finish the event it is in before the new one takes over; the
    // browser may also end it there (an event past its time, memory): it does so now, mid-chunk.
    const cdp = await context.newCDPSession(await context.newPage());
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    const sentBeforeTakeOver = sent.patches.length;
    expect(sentBeforeTakeOver * CHUNK, 'the update came mid-transfer').toBeLessThan(size);
    release();

    await expect(row).toHaveAttribute('data-state', /processing|done/, { timeout: 90_000 });
    const after = sent.patches.slice(sentBeforeTakeOver);
    expect(after.length, 'chunks went after the new worker took over').toBeGreaterThan(0);
    expect(new Set(after.map((patch) => patch.worker)).size).toBe(1);
    expect(after[0]!.worker, 'another worker than the one that began').not.toBe(0);
    expect(sent.total()).toBeGreaterThanOrEqual(size);
    expect(sent.total()).toBeLessThanOrEqual(size + CHUNK);
    const audio = await (async () => {
      let uuid = '';
      await expect
        .poll(
          async () => {
            const { audios } = (await (
              await context.request.get(`${server.url}/api/audio/get-user-audios`)
            ).json()) as {
              audios: { audio_uuid: string; file_name: string; core_processing_status: string }[];
            };
            const found = audios.find((each) => each.file_name === 'intro-30s.wav');
            uuid = found?.audio_uuid ?? '';
            return found?.core_processing_status;
          },
          { timeout: 60_000 },
        )
        .toBe('COMPLETE');
      return uuid;
    })();
    const { user } = (await (await context.request.get(`${server.url}/api/auth/user`)).json()) as {
      user: { user_uuid: string };
    };
    const stored = await readFile(
      path.join(folder, 'data', 'storage', 'users', user.user_uuid, 'audio', audio, 'original'),
    );
    expect(sha256(stored)).toBe(sha256(await readFile(fixture('audio/intro-30s.wav'))));
  });
});
