// The media library in Chromium against the real server: uploads (resumable, offline-tolerant),
// processing, editing, the cache offline, and a screenshot of every screen at 1280 and 390 px.
// One account for the whole file (the server allows few sign-ups per hour), so the tests run in
// order and each builds on the library the previous one left.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { CHUNK_SIZE_STORAGE_KEY } from '../../src/features/uploads/upload-settings';
import { signUpToStateFile } from './account-helpers';
import { expect, test, waitUntilSettled } from './fixtures';
import { fileInput, fixture, trackRow, waitForServiceWorker } from './render-helpers';

/** Where the signed-in browser state of this file's account is kept between its tests. */
const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-library-${process.pid}.json`);

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE_FILE });

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'library');
});

const imageCard = (page: Page, name: string) =>
  page.locator(`[data-testid="image-card"][data-name="${name}"]`);
const uploadRow = (page: Page, file: string) =>
  page.locator(`[data-testid="upload-row"][data-file="${file}"]`);
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function openScreen(page: Page, url: string, heading: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

/** The three library screens at a width open and finish loading (images, toasts gone). */
async function openLibraryScreens(page: Page, width: number) {
  await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
  for (const [url, heading] of [
    ['/media', 'My Media'],
    ['/media/images', 'My Images'],
    ['/media/audio', 'My Audio'],
  ] as const) {
    await openScreen(page, url, heading);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await waitForImages(page);
    await waitForToastsToClose(page);
  }
}

/** Waits until the toasts have closed (5 s), so full-page screenshots show the page. */
async function waitForToastsToClose(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

/** Waits until every <img> on the page has loaded (or failed), so screenshots show them. */
async function waitForImages(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((image) => image.complete)))
    .toBe(true);
}

/** Checks that a toast, once it has slid into place, leaves an element uncovered. */
async function expectUncovered(toastLocator: Locator, element: Locator) {
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await toastLocator.boundingBox());
      const settled = box === last;
      last = box;
      return settled;
    })
    .toBe(true);
  const [a, b] = [await toastLocator.boundingBox(), await element.boundingBox()];
  expect(a && b, 'both are shown').toBeTruthy();
  if (!a || !b) return;
  const apart =
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  expect(apart, `the toast at ${JSON.stringify(a)} covers ${JSON.stringify(b)}`).toBe(true);
}

async function menuAction(page: Page, trigger: Locator, item: string) {
  await trigger.click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: item }).click();
}

test('an empty library explains itself on every screen', async ({ page }) => {
  await openScreen(page, '/media', 'My Media');
  await expect(page.getByText('Your library is empty')).toBeVisible();
  await expect(page.getByTestId('count-images')).toHaveText('0');
  await expect(page.getByTestId('count-audio')).toHaveText('0');
  await expect(page.getByTestId('count-videos')).toHaveText('0');
  await openScreen(page, '/media/images', 'My Images');
  await expect(page.getByText('No images yet')).toBeVisible();
  await openScreen(page, '/media/audio', 'My Audio');
  await expect(page.getByText('No tracks yet')).toBeVisible();
  for (const width of [1280, 390]) await openLibraryScreens(page, width);
});

test('upload an image and a track, watch them finish, then favourite, rename and edit', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openScreen(page, '/media/images', 'My Images');
  await fileInput(page, 'Upload images').setInputFiles(fixture('images/truchet-1000.jpg'));
  const card = imageCard(page, 'truchet-1000');
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'COMPLETE', { timeout: 30_000 });
  await expect(card.locator('img')).toHaveAttribute('src', /\/thumb$/);
  await expect(uploadRow(page, 'truchet-1000.jpg')).toHaveAttribute('data-state', 'done');

  // Favourite, and back.
  await card.getByRole('button', { name: 'Tag truchet-1000 as favorite' }).click();
  await expect(toast(page, 'Tagged image as favorite')).toBeVisible();
  await expect(card).toHaveAttribute('data-favorite', 'true');
  await card.getByRole('button', { name: 'Untag truchet-1000 as favorite' }).click();
  await expect(toast(page, 'Untagged image as favorite')).toBeVisible();
  await expect(card).toHaveAttribute('data-favorite', 'false');

  // Rename and retype.
  await menuAction(
    page,
    card.getByRole('button', { name: 'Actions for truchet-1000' }),
    'Edit info',
  );
  const dialog = page.getByRole('dialog', { name: 'Edit image info' });
  await dialog.getByLabel('Name').fill('Cover art');
  await dialog.getByText('Logo', { exact: true }).click();
  await waitUntilSettled(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated Image Info')).toBeVisible();
  const renamed = imageCard(page, 'Cover art');
  await expect(renamed).toHaveAttribute('data-type', 'logo');
  await renamed.getByRole('button', { name: 'Tag Cover art as favorite' }).click();
  await expect(renamed).toHaveAttribute('data-favorite', 'true');

  // A tagged MP3: its title, artists, album and cover come from the file.
  await openScreen(page, '/media/audio', 'My Audio');
  await fileInput(page, 'Upload audio').setInputFiles(fixture('audio/intro-30s-tagged.mp3'));
  await expect(uploadRow(page, 'intro-30s-tagged.mp3')).toBeVisible();
  const track = trackRow(page, 'Intro (excerpt)');
  await expect(track).toHaveAttribute('data-status', 'COMPLETE', { timeout: 90_000 });
  await expect(uploadRow(page, 'intro-30s-tagged.mp3')).toHaveAttribute('data-state', 'done');
  await expect(track.getByTestId('track-duration')).toHaveText('0:30');
  await expect(track.getByTestId('track-size')).toHaveText('760 KB');
  await expect(track).toContainText('Frozen Bubble · Frozen Bubble OST');

  // Edit the tags.
  await menuAction(
    page,
    track.getByRole('button', { name: 'Actions for Intro (excerpt)' }),
    'Edit info',
  );
  const edit = page.getByRole('dialog', { name: 'Edit track info' });
  await edit.getByLabel('Title').fill('Intro (edit)');
  await edit.getByLabel('Artists').fill('Frozen Bubble, Waveframe');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Updated Track Info')).toBeVisible();
  const edited = trackRow(page, 'Intro (edit)');
  await expect(edited).toContainText('Frozen Bubble, Waveframe · Frozen Bubble OST');

  // Artwork: none, then the renamed image.
  await menuAction(
    page,
    edited.getByRole('button', { name: 'Actions for Intro (edit)' }),
    'Choose artwork',
  );
  const picker = page.getByRole('dialog', { name: 'Choose artwork' });
  await picker.getByRole('radio', { name: 'No artwork' }).click();
  await picker.getByRole('button', { name: 'Use this artwork' }).click();
  await expect(toast(page, 'Updated Track Artwork')).toBeVisible();
  await expect(edited.locator('img')).toHaveCount(0);
  await menuAction(
    page,
    edited.getByRole('button', { name: 'Actions for Intro (edit)' }),
    'Choose artwork',
  );
  await picker.getByRole('radio', { name: 'Cover art' }).click();
  await waitUntilSettled(picker);
  await picker.getByRole('button', { name: 'Use this artwork' }).click();
  await expect(edited.locator('img')).toHaveAttribute('src', /\/thumb$/);

  // Play from the list, where the browser can play AAC.
  const canPlayAac = await page.evaluate(
    () => document.createElement('audio').canPlayType('audio/mp4; codecs="mp4a.40.2"') !== '',
  );
  if (canPlayAac) {
    await edited.getByRole('button', { name: 'Play Intro (edit)' }).click();
    await expect(edited.getByRole('button', { name: 'Pause Intro (edit)' })).toBeVisible();
    await edited.getByRole('button', { name: 'Pause Intro (edit)' }).click();
    await expect(edited.getByRole('button', { name: 'Play Intro (edit)' })).toBeVisible();
  }

  // The track's own screen: waveform from the analysis, click to seek.
  await edited.getByRole('link', { name: 'Intro (edit)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Intro (edit)');
  await expect(page).toHaveURL(/\/media\/audio\/[0-9a-f-]{36}$/);
  const waveform = page.getByTestId('waveform');
  await expect(waveform).toBeVisible();
  await expect(waveform).toHaveAttribute('data-progress', '0.000');
  const box = (await waveform.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(waveform).toHaveAttribute('aria-valuenow', '15');
  await expect(page.getByTestId('player-time')).toHaveText('0:15 / 0:30');
  await expect(page.getByRole('heading', { name: 'Videos made from this track' })).toBeVisible();
  await expect(page.getByText('No videos yet')).toBeVisible();
  await waitForImages(page);
  await waitForToastsToClose(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(waveform).toBeVisible();
  await waitForImages(page);

  for (const width of [1280, 390]) await openLibraryScreens(page, width);
});

test('offline, the library opens from this device; an upload started offline finishes on its own', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openScreen(page, '/media', 'My Media');
  await expect(page.getByTestId('count-audio')).toHaveText('1');
  await expect(page.locator('[data-testid="recent-item"]').first()).toBeVisible();
  await openScreen(page, '/media/images', 'My Images');
  await expect(imageCard(page, 'Cover art')).toBeVisible();
  await waitForImages(page);
  await openScreen(page, '/media/audio', 'My Audio');
  await expect(trackRow(page, 'Intro (edit)')).toBeVisible();
  await waitForImages(page);
  // The app shell (icons included) is precached once the service worker is active: on a busy
  // machine its install can still be under way here.
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-marker')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Media library' })
    .getByRole('link', { name: 'Images' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Images');
  const card = imageCard(page, 'Cover art');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('offline-marker')).toBeVisible();
  // Changes need the server: the controls say so instead of failing.
  await expect(card.getByRole('button', { name: 'Untag Cover art as favorite' })).toBeDisabled();

  // A reload while offline: the service worker serves the app, the stored user stays signed
  // in, and the library opens from IndexedDB with its thumbnails from the cache.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Images');
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveJSProperty('complete', true);
  expect(
    await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(page.getByTestId('offline-marker')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Media library' })
    .getByRole('link', { name: 'Audio' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Audio');
  await expect(trackRow(page, 'Intro (edit)')).toHaveAttribute('data-status', 'COMPLETE');
  // On a phone, the toast the upload brings leaves the Upload button uncovered.
  await page.setViewportSize({ width: 390, height: 844 });
  await fileInput(page, 'Upload audio').setInputFiles(fixture('audio/intro-8s-mono.mp3'));
  const offlineToast = toast(page, 'You are offline: the upload starts on its own');
  await expect(offlineToast).toBeVisible();
  await expectUncovered(offlineToast, page.getByRole('button', { name: 'Upload audio' }));
  const waiting = uploadRow(page, 'intro-8s-mono.mp3');
  await expect(waiting).toHaveAttribute('data-state', 'queued');
  await expect(waiting.getByTestId('upload-status')).toContainText('Waiting for a connection');
  await waitForImages(page);

  await context.setOffline(false);
  await expect(page.getByTestId('offline-marker')).toHaveCount(0);
  await expect(waiting).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(trackRow(page, 'intro-8s-mono')).toHaveAttribute('data-status', 'COMPLETE');
});

// Where no service worker runs the queue (the first visit, a browser without one), the page sends
// the files itself; with one, upload-queue.spec.ts tests the same from the worker.
test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a reload in the middle of an upload resumes from the last byte the server has', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Small chunks; the server gets two of them, the third is held until the reload interrupts
    // it. The test waits on those requests and answers, not on a clock, so a busy machine (a
    // render in the other worker) only makes it slower.
    const CHUNK = 256 * 1024;
    await page.addInitScript(([key, bytes]) => localStorage.setItem(key, bytes), [
      CHUNK_SIZE_STORAGE_KEY,
      String(CHUNK),
    ] as const);
    let reloaded = false;
    let releaseHeld = () => {};
    const reloading = new Promise<void>((resolve) => (releaseHeld = resolve));
    let forwarded = 0;
    await page.route('**/api/audio/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH' && !reloaded && ++forwarded > 2) {
        // The reload cancels it (as a closed tab would); continuing it then does nothing.
        await reloading;
        await route.continue().catch(() => undefined);
        return;
      }
      await route.continue().catch(() => undefined);
    });
    // Each PATCH, with when it left: before the reload, or after the reloaded page asked the
    // server where to go on (its HEAD). The old page may still send a chunk between the two as it
    // goes (the released one got through and it sent the next); that one is neither.
    const patches: { offset: number; when: 'before' | 'between' | 'after' }[] = [];
    let resumed = false;
    let acknowledged = 0;
    page.on('request', (request) => {
      if (!request.url().includes('/api/audio/uploads/')) return;
      if (request.method() === 'HEAD' && reloaded) resumed = true;
      if (request.method() === 'PATCH') {
        const when = resumed ? 'after' : reloaded ? 'between' : 'before';
        patches.push({ offset: Number(request.headers()['upload-offset']), when });
      }
    });
    const serverOffsets: number[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'PATCH' && !reloaded && response.status() === 204) acknowledged++;
      if (request.method() === 'HEAD' && reloaded && request.url().includes('/api/audio/uploads/'))
        serverOffsets.push(Number(response.headers()['upload-offset']));
    });

    await openScreen(page, '/media/audio', 'My Audio');
    await fileInput(page, 'Upload audio').setInputFiles(fixture('audio/intro-30s.wav'));
    const row = uploadRow(page, 'intro-30s.wav');
    await expect(row).toHaveAttribute('data-state', 'uploading');
    // Two chunks acknowledged and the third on its way (held): the upload is mid-transfer.
    await expect.poll(() => acknowledged, { timeout: 60_000 }).toBe(2);
    await expect.poll(() => patches.length, { timeout: 60_000 }).toBe(3);
    await expect
      .poll(async () => Number(await row.getAttribute('data-percent')))
      .toBeGreaterThan(0);

    reloaded = true;
    releaseHeld();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Audio');
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    await expect(trackRow(page, 'intro-30s')).toHaveAttribute('data-status', 'COMPLETE');

    const before = patches.filter((patch) => patch.when === 'before');
    const after = patches.filter((patch) => patch.when === 'after');
    expect(before.map((patch) => patch.offset)).toEqual([0, CHUNK, 2 * CHUNK]);
    expect(serverOffsets.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    // After the reload the app asks the server (HEAD) and goes on from there: at least the two
    // acknowledged chunks (more if the held one, and the next, got through as the page went), not
    // zero.
    expect(serverOffsets[0]).toBeGreaterThanOrEqual(2 * CHUNK);
    expect(after[0]!.offset).toBe(serverOffsets[0]);
  });
});

test('drop an image to upload it; delete an image and a track, after confirming', async ({
  page,
}) => {
  await openScreen(page, '/media/images', 'My Images');
  // Drag and drop: a file dropped on the zone joins the queue like a picked one.
  const base64 = (await readFile(fixture('images/symbolic-512.png'))).toString('base64');
  const dataTransfer = await page.evaluateHandle((data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'symbolic-512.png', { type: 'image/png' }));
    return transfer;
  }, base64);
  const zone = page.getByTestId('image-dropzone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(zone).toContainText('Drop to upload');
  await zone.dispatchEvent('drop', { dataTransfer });
  const dropped = imageCard(page, 'symbolic-512');
  await expect(dropped).toHaveAttribute('data-status', 'COMPLETE', { timeout: 30_000 });
  await expect(dropped).toHaveAttribute('data-type', 'album_art');

  const card = imageCard(page, 'Cover art');
  await menuAction(page, card.getByRole('button', { name: 'Actions for Cover art' }), 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
  await expect(confirm).toContainText('“Cover art” is removed from your library for good.');
  await confirm.getByRole('button', { name: 'Delete image' }).click();
  await expect(toast(page, 'Image Deleted')).toBeVisible();
  await expect(card).toHaveCount(0);

  await openScreen(page, '/media/audio', 'My Audio');
  const track = trackRow(page, 'intro-30s');
  await menuAction(page, track.getByRole('button', { name: 'Actions for intro-30s' }), 'Delete');
  const confirmTrack = page.getByRole('dialog', { name: 'Delete this track?' });
  await waitUntilSettled(confirmTrack);
  await confirmTrack.getByRole('button', { name: 'Delete track' }).click();
  await expect(toast(page, 'Track Deleted')).toBeVisible();
  await expect(track).toHaveCount(0);
  await expect(trackRow(page, 'Intro (edit)')).toBeVisible();
});
