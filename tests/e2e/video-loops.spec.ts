// Video loop extensions in Chromium against the real server and job worker: upload a clip, set
// its loop points and have it trimmed in the browser (ffmpeg.wasm in a worker), see it processed,
// extend it to a library track's length, follow the progress to SUCCESS and play the loop.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { resolveBinaries } from '../../server/repositories/ffmpeg/binaries';
import { signUpToStateFile } from './account-helpers';
import { expect, sweep, test } from './fixtures';
import { uploadLibraryTrack } from './render-helpers';

const run = promisify(execFile);
const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-loops-${process.pid}.json`);
const TRACK = { file: 'audio/intro-30s.m4a', title: 'intro-30s' } as const;
let clip = '';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE_FILE });
test.setTimeout(180_000);

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'loops');
  // A 4 s phone-like clip: H.264 without B-frames, 360x640 at 30 fps.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'waveframe-e2e-clip-'));
  clip = path.join(dir, 'skyline.mp4');
  const { ffmpegPath } = await resolveBinaries({ ffmpegPath: undefined, ffprobePath: undefined });
  await run(ffmpegPath!, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30', '-t', '4'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-bf', '0', clip],
  ]);
});

async function userVideos(page: Page) {
  const answer = await page.request.get('/api/videos/user-videos');
  expect(answer.ok()).toBe(true);
  return (await answer.json()).videos as Array<Record<string, unknown>>;
}

test('upload a clip, trim it in the browser, extend it to a track, play the loop', async ({
  page,
}) => {
  await uploadLibraryTrack(page, TRACK);

  await page.goto('/media/video-loop-extensions');
  await expect(page.getByTestId('videos-empty')).toBeVisible();
  await page.locator('input[type="file"][aria-label="Upload a clip"]').first().setInputFiles(clip);
  const dialog = page.getByRole('dialog', { name: 'Upload a clip to loop' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('clip-range-text')).toContainText('The whole clip loops');
  // Loop points 1.0 s to 3.0 s: the clip is cut here before it is sent.
  const from = dialog.getByRole('slider', { name: 'Loop start' });
  await from.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  const to = dialog.getByRole('slider', { name: 'Loop end' });
  await to.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByTestId('clip-range-text')).toContainText('Loops 1.0 s to 3.0 s (2.0 s)');
  await dialog.getByRole('button', { name: 'Trim and upload' }).click();
  await expect(dialog).toBeHidden({ timeout: 120_000 });

  const card = page.getByTestId('video-card').filter({ hasText: 'skyline' });
  await expect(card).toHaveAttribute('data-status', 'COMPLETE', { timeout: 60_000 });
  const [uploaded] = await userVideos(page);
  expect(uploaded).toMatchObject({ is_task_output: false, width: 360, height: 640, codec: 'h264' });
  expect(Math.abs((uploaded!.duration_seconds as number) - 2)).toBeLessThan(0.1);

  await card.click();
  await expect(page.getByTestId('video-player')).toBeVisible();
  await page.getByRole('link', { name: 'Extend this clip' }).click();
  await expect(page).toHaveURL(/\/media\/create\/video-loop-extensions\/[0-9a-f-]{36}$/);
  await expect
    .poll(() => page.getByTestId('loop-preview').evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(0);
  await page.getByText("A track's length").click();
  await page.getByRole('combobox', { name: 'Track from your library' }).click();
  await page.getByRole('option', { name: new RegExp(`^${TRACK.title} \\(`) }).click();
  await expect(page.getByTestId('loop-plan')).toContainText('0:30: the clip plays 15 times');
  await sweep(page, 'loop-extension-create');
  await page.getByRole('button', { name: 'Make the loop' }).click();

  await expect(page).toHaveURL(/\/media\/progress\/video-loop-extensions\/[0-9a-f-]{36}$/);
  const status = page.getByTestId('loop-status-card');
  await expect(status).toHaveAttribute('data-status', 'SUCCESS', { timeout: 60_000 });
  await expect(page.getByTestId('loop-percent')).toHaveText('100%');
  await sweep(page, 'loop-extension-progress-done');
  const player = page.getByTestId('loop-player');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
  expect(Math.abs(duration - 30)).toBeLessThan(0.2);
  await player.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);

  await page.goto('/media/video-loop-extensions');
  await expect(
    page.getByTestId('video-card').and(page.locator('[data-kind="loop"]')),
  ).toHaveAttribute('data-status', 'SUCCESS');
});
