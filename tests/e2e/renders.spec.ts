// Renders in Chromium against the real server and job worker: pick a template, choose a track,
// see the live preview move, render, follow the progress page to the end, play and download the
// video; the same for a static (single-frame) video; a failed render says why and refunds; a
// render without credits left is refused.
// One account for the whole file (sign-ups are limited per hour), so the tests run in order and
// each builds on what the previous one left: the account starts with 3 credits.
import { randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { listTemplates } from '../../core/render/renderer';
import { NO_CREDITS_MESSAGE } from '../../src/api/renders';
import { RENDER_MESSAGES } from '../../src/features/renders/render-messages';
import { signUpToStateFile } from './account-helpers';
import { expect, sweep, test } from './fixtures';
import {
  RENDER_QUEUE_WAIT,
  RENDER_TEST_TIMEOUT,
  expectPreviewMovesWhilePlaying,
  localAudioInput,
  readyPreview,
  shortTrack,
  waitForServiceWorker,
} from './render-helpers';

/** A file of this device, chosen in the create screens. */
let LOCAL_TRACK = '';
const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-renders-${process.pid}.json`);
const visualizerTemplate = listTemplates('visualizer')[0]!;
const singleFrameTemplate = listTemplates('single-frame')[0]!;

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE_FILE });
// Renders run on the server's worker: allow them time on a busy machine.
test.setTimeout(RENDER_TEST_TIMEOUT);

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'renders');
  LOCAL_TRACK = await shortTrack();
});

const statusCard = (page: Page) => page.getByTestId('render-status-card');
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
}

/** Follows the progress page until the render is finished. */
async function followProgress(page: Page): Promise<void> {
  await expect(statusCard(page)).toBeVisible();
  await expect(page.getByTestId('render-percent')).toHaveText(/^\d+%$/);
  await expect(statusCard(page)).toHaveAttribute('data-phase', 'ready', {
    timeout: RENDER_QUEUE_WAIT,
  });
  await expect(page.getByTestId('render-percent')).toHaveText('100%');
  // The thumbnail, written last, shows once the video is ready.
  const thumbnail = statusCard(page).locator('img');
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** Plays the video on its page: it decodes frames and its time moves on. */
async function playVideo(page: Page): Promise<void> {
  const video = page.getByTestId('render-video');
  await expect(video).toBeVisible();
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.3);
  await video.evaluate((element: HTMLVideoElement) => element.pause());
}

/** Downloads the video with the page's Download button: a non-empty MP4 (an ftyp box first). */
async function downloadVideo(page: Page): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.mp4$/);
  const file = path.join(
    os.tmpdir(),
    `waveframe-e2e-${Date.now()}-${download.suggestedFilename()}`,
  );
  await download.saveAs(file);
  const bytes = await readFile(file);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
}

test('a visualizer: template, track, moving preview, render, progress, play and download', async ({
  page,
}) => {
  await page.goto('/audio-reactive-music-visualizers');
  await page
    .getByRole('link', { name: `Create with ${visualizerTemplate.title}` })
    .first()
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/audio-reactive-music-visualizers/create/${visualizerTemplate.name}$`),
  );
  await expect(page.getByTestId('credits-left')).toHaveText('3 left');

  await localAudioInput(page).setInputFiles(LOCAL_TRACK);
  const status = page.getByTestId('audio-status');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(status).toContainText('intro-3s');

  // The live preview moves with the track.
  await expect(readyPreview(page)).toBeVisible({ timeout: 20_000 });
  await expectPreviewMovesWhilePlaying(page);
  await page.getByTestId('preview-play').click();
  await sweep(page, 'visualizer-create-track');

  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/audio-reactive-music-visualizers\/progress\/[0-9a-f-]{36}$/, {
    timeout: 60_000,
  });
  const id = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visualizer Render Progress');
  await followProgress(page);
  await sweep(page, 'visualizer-progress-done');

  await page.getByRole('link', { name: 'Watch your video' }).click();
  await expect(page).toHaveURL(new RegExp(`/media/visualizers/${id}$`));
  await playVideo(page);
  await downloadVideo(page);
  await expect(page.getByText(visualizerTemplate.title).first()).toBeVisible();

  // The top bar now leads to the visualizers.
  await expect(page.getByRole('link', { name: 'Music Visualizers', exact: true })).toHaveAttribute(
    'href',
    '/audio-reactive-music-visualizers',
  );
});

test('a static music video: render, VIDEO READY, play and download', async ({ page }) => {
  await page.goto('/single-frame-music-video-templates');
  await page
    .getByRole('link', { name: `Create with ${singleFrameTemplate.title}` })
    .first()
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/single-frame-music-video-templates/create/${singleFrameTemplate.name}$`),
  );
  await expect(page.getByTestId('credits-left')).toHaveText('2 left');
  await localAudioInput(page).setInputFiles(LOCAL_TRACK);
  await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });
  await sweep(page, 'static-create-track');
  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/single-frame-music-videos\/progress\/[0-9a-f-]{36}$/, {
    timeout: 60_000,
  });
  const id = page.url().split('/').pop() ?? '';
  await followProgress(page);
  const answer = await page.request.post('/api/music-videos/get-render-status', {
    headers: { 'X-CSRFToken': await csrfOf(page) },
    data: { upload_uuid: id },
  });
  expect(((await answer.json()) as { render_status: string }).render_status).toBe('VIDEO READY');

  await page.getByRole('link', { name: 'Watch your video' }).click();
  await expect(page).toHaveURL(new RegExp(`/media/single-frame-videos/${id}$`));
  await playVideo(page);
  await downloadVideo(page);
});

test('the lists show the videos, My Media counts them', async ({ page }) => {
  await page.goto('/media/visualizers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Visualizers');
  await expect(page.getByTestId('render-card')).toHaveCount(1);
  await expect(page.getByTestId('render-card').first()).toHaveAttribute('data-phase', 'ready');

  await page.goto('/media/single-frame-videos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Static Music Videos');
  await expect(page.getByTestId('render-card')).toHaveCount(1);

  await page.goto('/media');
  await expect(page.getByTestId('count-videos')).toHaveText('2');
  await expect(page.getByRole('link', { name: /^Music visualizers\s*1 video\b/ })).toBeVisible();

  // Offline, the list opens from this device's copy; changes wait for a connection. (The app's
  // own files, its icons among them, come from the service worker once it has them.)
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  await page
    .getByRole('navigation', { name: 'Media library' })
    .getByRole('link', { name: 'Visualizers' })
    .click();
  await expect(page.getByTestId('offline-marker')).toBeVisible();
  await expect(page.getByTestId('render-card')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Delete / })).toBeDisabled();
  await page.context().setOffline(false);
});

/** The stored analysis file of a library track, in the e2e server's data folder. */
async function analysisFileOf(audioUuid: string): Promise<string> {
  const dataDir = process.env.WAVEFRAME_E2E_DATA_DIR;
  if (!dataDir) throw new Error('WAVEFRAME_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const files = await readdir(dataDir, { recursive: true });
  const found = files.find((file) => file.includes(audioUuid) && file.endsWith('analysis.wfa'));
  if (!found) throw new Error(`No stored analysis for track ${audioUuid} under ${dataDir}`);
  return path.join(dataDir, found);
}

test('a render that fails says why on its progress page and gives its credit back', async ({
  page,
}) => {
  const headers = { 'X-CSRFToken': await csrfOf(page) };
  const credits = async () =>
    ((await (await page.request.get('/api/payment/plan')).json()) as { viz_credits: number })
      .viz_credits;
  const { visualizers } = (await (
    await page.request.get('/api/visualizers/get-user-visualizers')
  ).json()) as { visualizers: Array<{ audio_uuid: string; configuration: unknown }> };
  const { audio_uuid, configuration } = visualizers[0]!;
  const before = await credits();

  // The track's analysis is damaged on the server's disk: the job must fail with a reason.
  const analysisFile = await analysisFileOf(audio_uuid);
  const original = await readFile(analysisFile);
  await writeFile(analysisFile, 'not an analysis');
  try {
    const created = await page.request.post('/api/visualizers/create-visualizer', {
      headers,
      data: { audio_uuid, configuration },
    });
    expect(created.status()).toBe(201);
    const { visualizer } = (await created.json()) as { visualizer: { upload_uuid: string } };
    await page.goto(`/audio-reactive-music-visualizers/progress/${visualizer.upload_uuid}`);
    const failed = page.getByTestId('render-failed');
    await expect(failed).toBeVisible({ timeout: RENDER_QUEUE_WAIT });
    await expect(failed).toContainText('The analysis of this track is missing or damaged');
    await expect(failed).toContainText(RENDER_MESSAGES.creditReturned);
    await expect(failed.getByRole('link', { name: /try again/i })).toBeVisible();
    await sweep(page, 'visualizer-progress-failed');
    await expect.poll(credits).toBe(before);
  } finally {
    await writeFile(analysisFile, original);
  }

  // A progress page for a video that does not exist says so and leads back to My Media.
  await page.goto(`/audio-reactive-music-visualizers/progress/${randomUUID()}`);
  await expect(page.getByText(RENDER_MESSAGES.notFoundTitle)).toBeVisible();
  await expect(page.getByText(RENDER_MESSAGES.notFoundText)).toBeVisible();
});

test('with no credits left a render is refused before anything is queued', async ({ page }) => {
  await page.goto('/media/single-frame-videos');
  await expect(page.getByTestId('render-card')).toHaveCount(1);
  const headers = { 'X-CSRFToken': await csrfOf(page) };
  const listed = (await (
    await page.request.get('/api/music-videos/get-user-static-videos')
  ).json()) as {
    videos: Array<{ vidInfo: { audio_uuid: string; configuration: unknown } }>;
  };
  const { audio_uuid, configuration } = listed.videos[0]!.vidInfo;

  // The last credit goes on a third render, made through the API.
  const third = await page.request.post('/api/music-videos/create-static-video', {
    headers,
    data: { audio_uuid, configuration },
  });
  expect(third.status()).toBe(201);

  // None left: the server refuses a visualizer (a valid one: the first one's settings), and
  // nothing new is listed.
  const listVisualizers = async () =>
    (
      (await (await page.request.get('/api/visualizers/get-user-visualizers')).json()) as {
        visualizers: Array<{ audio_uuid: string; configuration: unknown }>;
      }
    ).visualizers;
  const visualizersBefore = await listVisualizers();
  const first = visualizersBefore[0]!;
  const refused = await page.request.post('/api/visualizers/create-visualizer', {
    headers,
    data: { audio_uuid: first.audio_uuid, configuration: first.configuration },
  });
  expect(refused.status()).toBe(402);
  expect(await refused.json()).toMatchObject({
    exc: 'NoCreditsRemaining',
    message: NO_CREDITS_MESSAGE,
  });
  expect(await listVisualizers()).toHaveLength(visualizersBefore.length);

  // The create screen says so before the user tries.
  await page.goto(`/audio-reactive-music-visualizers/create/${visualizerTemplate.name}`);
  await expect(page.getByTestId('no-credits')).toContainText(NO_CREDITS_MESSAGE);
  await expect(page.getByRole('button', { name: 'Render video' })).toBeDisabled();
  await sweep(page, 'visualizer-create-no-credits');

  // The third video shows in the list (rendering or done) and can be deleted after confirming.
  await page.goto('/media/single-frame-videos');
  await expect(page.getByTestId('render-card')).toHaveCount(2);
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete this static music video?' });
  await dialog.getByRole('button', { name: 'Delete video' }).click();
  await expect(toast(page, 'Video Deleted')).toBeVisible();
  await expect(page.getByTestId('render-card')).toHaveCount(1);
});
