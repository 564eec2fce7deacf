// Every list the app keeps on the device opens offline after one visit: one account with one of
// each thing (a clip and its loop extension, a Canvas, a particle video, an upload to YouTube, a
// particle design, its plan), each list visited once online; then offline each page loaded
// afresh (the service worker serves the app, IndexedDB the lists, its cache the thumbnails) shows
// what it last saw, marked offline with when it was fetched, its server actions disabled.
// The library's images and tracks and the visualizer lists have their own offline tests
// (library.spec.ts, renders.spec.ts). Objects are made through the API where the screens would
// only add time; the renders are short (a 3 s Canvas at 720x1280, 60 particles over an 8 s track).
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { presetDesign } from '../../core/particles/presets';
import { defaultUploadConfig } from '../../core/publishing/upload-config';
import { resolveBinaries } from '../../server/repositories/ffmpeg/binaries';
import { GOOGLE_STAND_IN_URL } from '../support/e2e-servers';
import { csrfTokenOf, signUpToStateFile } from './account-helpers';
import { expect, test } from './fixtures';
import {
  RENDER_QUEUE_WAIT,
  RENDER_TEST_TIMEOUT,
  readyPreview,
  uploadLibraryTrack,
  waitForServiceWorker,
} from './render-helpers';

const run = promisify(execFile);
const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-offline-lists-${process.pid}.json`);
const TRACK = { file: 'audio/intro-8s-mono.mp3', title: 'intro-8s-mono' } as const;
let clip = '';

test.use({ storageState: STATE_FILE });

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'offline-lists');
  // A 2 s phone-like clip: H.264 without B-frames, 180x320 at 30 fps.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'waveframe-e2e-offline-clip-'));
  clip = path.join(dir, 'rooftop.mp4');
  const { ffmpegPath } = await resolveBinaries({ ffmpegPath: undefined, ffprobePath: undefined });
  await run(ffmpegPath!, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=180x320:rate=30', '-t', '2'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-bf', '0', clip],
  ]);
});

async function post<T>(page: Page, url: string, data: unknown): Promise<T> {
  const answer = await page.request.post(url, {
    headers: { 'X-CSRFToken': await csrfTokenOf(page) },
    data,
  });
  expect(answer.ok(), `${url} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

async function get<T>(page: Page, url: string): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.ok(), `${url} answered ${answer.status()}`).toBe(true);
  return (await answer.json()) as T;
}

/** Waits until the task `status` answers is no longer under way. */
async function untilFinished(what: string, status: () => Promise<string>): Promise<void> {
  await expect
    .poll(status, {
      message: `${what} finishes`,
      timeout: RENDER_QUEUE_WAIT,
      intervals: [500, 1000],
    })
    .toMatch(/^(SUCCESS|COMPLETE|FAILED)$/);
}

/** Every picture on the page has loaded (so the service worker holds the thumbnails). */
async function picturesLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

/** The page as loaded offline: its heading, the offline marker and when its copy was fetched. */
async function expectSavedCopy(page: Page, url: string, heading: string | RegExp): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByTestId('offline-marker')).toBeVisible();
  await expect(page.getByTestId('saved-at')).toHaveText(/^Last updated .*\d{4}.*\d:\d\d/);
}

const disabledLink = (locator: Locator) => expect(locator).toHaveAttribute('data-disabled', 'true');

test('every list opens offline after one visit, marked offline, its server actions disabled', async ({
  page,
  context,
}) => {
  test.setTimeout(RENDER_TEST_TIMEOUT);

  await test.step('one of each thing, and one visit of each list', async () => {
    await uploadLibraryTrack(page, TRACK);
    // The service worker first, so the thumbnails the lists show go through its cache.
    await waitForServiceWorker(page);

    await page.goto('/media/video-loop-extensions');
    await page
      .locator('input[type="file"][aria-label="Upload a clip"]')
      .first()
      .setInputFiles(clip);
    const dialog = page.getByRole('dialog', { name: 'Upload a clip to loop' });
    await dialog.getByRole('button', { name: 'Upload clip' }).click();
    const clipCard = page.locator('[data-testid="video-card"][data-kind="clip"]');
    await expect(clipCard).toHaveAttribute('data-status', 'COMPLETE', { timeout: 60_000 });
    const { videos } = await get<{ videos: Array<{ video_uuid: string }> }>(
      page,
      '/api/videos/user-videos',
    );
    const clipId = videos[0]!.video_uuid;

    const { audios } = await get<{ audios: Array<{ audio_uuid: string }> }>(
      page,
      '/api/audio/get-user-audios',
    );
    const loop = await post<{ video: { video_uuid: string } }>(
      page,
      '/api/elements/create-video-loop-extension',
      { videoId: clipId, target_seconds: 6 },
    );
    const draft = await post<{ video: { upload_uuid: string } }>(
      page,
      '/api/canvas-videos/draft-render-video',
      { configuration: { template: 'slow-zoom', width: 720, height: 1280, fps: 24 }, seconds: 3 },
    );
    const canvasId = draft.video.upload_uuid;
    await post(page, '/api/canvas-videos/finalize-video-render', { videoId: canvasId });
    const design = { ...presetDesign('fireflies'), name: 'Night Fireflies' };
    (design.options as { particles: { number: { value: number } } }).particles.number.value = 60;
    const particles = await post<{ task: { task_uuid: string } }>(
      page,
      '/api/elements/init-particle-system-render',
      { audio_uuid: audios[0]!.audio_uuid, design, size: '1:1', fps: 30 },
    );

    // A channel linked through Google's consent screen (the local one), the clip published to it.
    await page.goto('/media/connected-accounts');
    await page.getByRole('button', { name: 'Connect a YouTube channel' }).click();
    await expect(page).toHaveURL(new RegExp(`^${GOOGLE_STAND_IN_URL}/o/oauth2/v2/auth`));
    await page
      .getByRole('link', { name: /^Allow as / })
      .first()
      .click();
    await expect(page.getByTestId('linked-channel')).toHaveCount(1);
    const { channels } = await get<{ channels: Array<{ channel_id: string }> }>(
      page,
      '/api/accounts/yt/get-authorized-channels',
    );
    await post(page, '/api/videos/upload-video-yt', {
      video_uuid: clipId,
      channel_id: channels[0]!.channel_id,
      upload_config: {
        ...defaultUploadConfig('Rooftop loop', ''),
        thumbnail: { source: 'none' },
      },
    });

    // A design saved in the particle editor (this device's, kept at logout).
    await page.goto('/tools/particle-system-editor');
    await expect(readyPreview(page)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Start from the Embers Rising preset' }).click();
    await page.getByLabel('Design name').fill('Campfire');
    await page.getByRole('button', { name: 'Save on this device' }).click();
    await expect(page.getByTestId('saved-designs')).toContainText('Campfire');

    const tasks = (url: string, body: object) => async () =>
      (await post<{ tasks: Array<{ status: string }> }>(page, url, body)).tasks[0]!.status;
    await untilFinished(
      'the loop',
      tasks('/api/elements/loop-extension-task-status', { tasks: [loop.video.video_uuid] }),
    );
    await untilFinished(
      'the Canvas',
      tasks('/api/canvas-videos/render-tasks-status', { tasks: [canvasId] }),
    );
    await untilFinished(
      'the particle video',
      tasks('/api/elements/particle-systems-task-status', { tasks: [particles.task.task_uuid] }),
    );

    // One visit of each list, as the user would make it.
    await page.goto('/media/video-loop-extensions');
    await expect(page.getByTestId('video-card')).toHaveCount(2);
    await expect(page.locator('[data-testid="video-card"][data-kind="loop"]')).toHaveAttribute(
      'data-status',
      'SUCCESS',
    );
    await picturesLoaded(page);
    await page.goto('/media/canvas-videos');
    await expect(page.getByTestId('render-card')).toHaveAttribute('data-phase', 'ready');
    await picturesLoaded(page);
    await page.goto('/media/particle-systems');
    await expect(page.getByTestId('render-card')).toHaveAttribute('data-phase', 'ready');
    await expect(page.getByTestId('render-card')).toContainText('Night Fireflies');
    await picturesLoaded(page);
    await page.goto('/media/connected-accounts');
    await expect(page.getByTestId('upload-entry')).toContainText('Rooftop loop');
    await page.goto('/account/plan');
    await expect(page.getByTestId('plan-card')).toContainText('2 visualizer credits left');
    await expect(page.getByTestId('plan-card')).toContainText('3 Canvas credits left');
  });

  // The page is left first: a list fetch the last page had under way would otherwise be cut off
  // by the switch, and Chromium would log it as a failed load (no fault of the app's).
  await page.goto('about:blank');
  await context.setOffline(true);
  try {
    await test.step('offline: the video library', async () => {
      await expectSavedCopy(page, '/media/video-loop-extensions', 'My Video Loop Extensions');
      const loop = page.locator('[data-testid="video-card"][data-kind="loop"]');
      await expect(loop).toHaveAttribute('data-status', 'SUCCESS');
      await expect(page.locator('[data-testid="video-card"][data-kind="clip"]')).toContainText(
        'rooftop',
      );
      await picturesLoaded(page);
      await page.screenshot({ path: test.info().outputPath('offline-video-loops.png') });
      await loop.click();
      await expect(page.getByText('this is the video as last saved on this device')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
      await disabledLink(page.getByRole('main').locator('a', { hasText: 'Download' }));
    });

    await test.step('offline: Canvas videos and particle videos', async () => {
      for (const [url, heading, name] of [
        ['/media/canvas-videos', 'My Canvas Videos', /./],
        ['/media/particle-systems', 'My Particle Systems', /Night Fireflies/],
      ] as const) {
        await expectSavedCopy(page, url, heading);
        const card = page.getByTestId('render-card');
        await expect(card).toHaveAttribute('data-phase', 'ready');
        await expect(card).toContainText(name);
        await expect(card.getByRole('button', { name: /^Delete / })).toBeDisabled();
        await disabledLink(card.getByLabel(/^Download /));
        await picturesLoaded(page);
      }
      await page.screenshot({ path: test.info().outputPath('offline-particle-videos.png') });
    });

    await test.step('offline: the channel and the uploads to YouTube', async () => {
      await expectSavedCopy(page, '/media/connected-accounts', 'Connected Accounts');
      await expect(page.getByTestId('linked-channel')).toContainText('Stand-in Beats');
      await expect(page.getByTestId('upload-entry')).toContainText('Rooftop loop');
      await expect(page.getByRole('button', { name: 'Connect a YouTube channel' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Disconnect Stand-in Beats' })).toBeDisabled();
      await page.screenshot({
        path: test.info().outputPath('offline-connected-accounts.png'),
        fullPage: true,
      });
    });

    await test.step("offline: the plan's credits on My Plan and in the top bar", async () => {
      await expectSavedCopy(page, '/account/plan', 'My Plan');
      await expect(page.getByTestId('plan-card')).toContainText('2 visualizer credits left');
      await expect(page.getByTestId('plan-card')).toContainText('3 Canvas credits left');
      await page.getByRole('button', { name: 'My Account' }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Visualizer Credits: 2' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Canvas Quota: 3' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('offline-plan.png') });
    });

    await test.step('offline: the particle designs of this device', async () => {
      await page.goto('/tools/particle-system-editor');
      await expect(page.getByTestId('saved-designs')).toContainText('Campfire');
    });
  } finally {
    await context.setOffline(false);
  }
});
