// The visualizer create screen offline, in Chromium against the real server: a signed-in user
// previews a track of their library online (its analysis and playable copy are then kept on this
// device), goes offline and keeps a live preview that plays, seeks and moves; after a reload
// offline the service worker serves the app and the same track previews from this device's copy;
// a file of this device is analysed and previewed offline too. Rendering waits for a connection.
// One account, one test: the offline state builds on what the online part left in this browser.
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { listTemplates } from '../../core/render/renderer';
import { PLAYABLE_CACHE } from '../../src/features/render-editor/playable-cache';
import { RENDER_MESSAGES } from '../../src/features/render-editor/use-render-request';
import { signUpToStateFile } from './account-helpers';
import { expect, sweep, test } from './fixtures';
import {
  expectPictureChangesFrom,
  expectPictureSettles,
  expectPreviewMovesWhilePlaying,
  fileInput,
  fixture,
  localAudioInput,
  readyPreview,
  trackRow,
  waitForServiceWorker,
} from './render-helpers';

const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-offline-create-${process.pid}.json`);
const template = listTemplates('visualizer')[0]!;
const CREATE_PATH = `/audio-reactive-music-visualizers/create/${template.name}`;
/** A track long enough to keep playing through the checks: 30 s. */
const LIBRARY_TRACK = { file: 'audio/intro-30s.m4a', title: 'intro-30s' } as const;
const LOCAL_TRACK = { file: 'audio/intro-30s-tagged.mp3', title: 'intro-30s-tagged' } as const;

test.use({ storageState: STATE_FILE });

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'offline-create');
});

const audioStatus = (page: Page) => page.getByTestId('audio-status');
const renderButton = (page: Page) => page.getByRole('button', { name: 'Render video' });

async function pickLibraryTrack(page: Page, title: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Track from your library' }).click();
  await page.getByRole('option', { name: new RegExp(`^${title} \\(`) }).click();
  await expect(audioStatus(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(audioStatus(page)).toContainText(title);
  await expect(readyPreview(page)).toBeVisible({ timeout: 20_000 });
}

/** Offline, the Render button waits for a connection and says so. */
async function expectRenderWaitsForConnection(page: Page): Promise<void> {
  await expect(renderButton(page)).toBeDisabled();
  await expect(page.getByText(RENDER_MESSAGES.offline)).toBeVisible();
}

/** Plays (if paused): the picture moves, and so does the time, so the sound plays on. */
async function expectPlayingPreview(page: Page): Promise<void> {
  const time = page.getByTestId('preview-time');
  const before = await time.textContent();
  await expectPreviewMovesWhilePlaying(page);
  await expect(time, 'the track plays on').not.toHaveText(before ?? '');
}

/** Number of playable copies of library tracks kept on this device. */
const savedPlayables = (page: Page) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, PLAYABLE_CACHE);

test('offline, the create screen previews a library track and a file of this device', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);

  await test.step('online: upload a track, pick it on the create screen, see it move', async () => {
    await page.goto('/media/audio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Audio');
    await fileInput(page, 'Upload audio').setInputFiles(fixture(LIBRARY_TRACK.file));
    await expect(trackRow(page, LIBRARY_TRACK.title)).toHaveAttribute('data-status', 'COMPLETE', {
      timeout: 90_000,
    });

    await page.goto(CREATE_PATH);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a Music Visualizer');
    await waitForServiceWorker(page);
    await pickLibraryTrack(page, LIBRARY_TRACK.title);
    await expect(renderButton(page)).toBeEnabled();
    await expectPlayingPreview(page);
    // The playable copy is kept on this device while the track plays from the server.
    await expect.poll(() => savedPlayables(page), { timeout: 20_000 }).toBe(1);
  });

  await test.step('offline without a reload: it plays on, seeks and moves', async () => {
    await context.setOffline(true);
    await expectRenderWaitsForConnection(page);
    await sweep(page, 'visualizer-create-offline');
    await expect(page.getByTestId('preview-play')).toHaveAttribute('data-playing', 'true');
    await expectPlayingPreview(page);

    await page.getByRole('button', { name: 'Pause the preview' }).click();
    await expect(page.getByTestId('preview-play')).toHaveAttribute('data-playing', 'false');
    const before = await expectPictureSettles(
      readyPreview(page),
      'the preview stands still when paused',
    );
    const waveform = page.getByTestId('waveform');
    const box = await waveform.boundingBox();
    await waveform.click({ position: { x: (box?.width ?? 100) * 0.75, y: 10 } });
    await expect(page.getByTestId('preview-time')).toHaveText(/0:2[23] \/ 0:30/);
    await expectPictureChangesFrom(
      readyPreview(page),
      before,
      'the preview shows the moment sought',
    );
    // Playing on from there, offline.
    await expectPlayingPreview(page);
  });

  await test.step('reloaded offline: the app opens and the track previews from this device', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a Music Visualizer');
    // The demo loop comes from the precache and plays offline too.
    await expect(audioStatus(page)).toHaveAttribute('data-state', 'ready');
    await expect(readyPreview(page)).toBeVisible({ timeout: 20_000 });
    await expectPlayingPreview(page);
    await pickLibraryTrack(page, LIBRARY_TRACK.title);
    await expectPlayingPreview(page);
    await expectRenderWaitsForConnection(page);
  });

  await test.step('offline: a file of this device is analysed here and previewed', async () => {
    await localAudioInput(page).setInputFiles(fixture(LOCAL_TRACK.file));
    await expect(audioStatus(page)).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(audioStatus(page)).toContainText(LOCAL_TRACK.title);
    await expect(audioStatus(page)).toContainText('on this device');
    await expect(page.getByTestId('preview-time')).toContainText('/ 0:30');
    await expectPlayingPreview(page);
    await expectRenderWaitsForConnection(page);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  await context.setOffline(false);
});
