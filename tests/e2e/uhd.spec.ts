// A 4K visualizer from the create screen (issue 28): on the free plan 4K and 60 fps are shown
// but cannot be chosen, with the reason and the way to a plan; once the plan is paid (through
// the card provider's stand-in) the user picks 4K, sees the size and the estimated time, renders
// a short track, and downloads a 3840x2160 video.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LARGER_OUTPUTS_MESSAGE } from '../../core/plans/catalogue';
import { listTemplates } from '../../core/render/renderer';
import { resolveBinaries } from '../../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import { signUpThroughApi, subscribeThroughStandIn } from './account-helpers';
import { expect, test } from './fixtures';
import {
  RENDER_QUEUE_WAIT,
  RENDER_TEST_TIMEOUT,
  excerpt,
  localAudioInput,
  readyPreview,
} from './render-helpers';

const template = listTemplates('visualizer')[0]!;
let ffmpeg: Ffmpeg;
let dir: string;
let track: string;

test.beforeAll(async () => {
  ffmpeg = new Ffmpeg(await resolveBinaries({ ffmpegPath: undefined, ffprobePath: undefined }));
  dir = await mkdtemp(path.join(os.tmpdir(), 'waveframe-e2e-uhd-'));
  // Two seconds of a real track, so the 4K render stays short.
  track = await excerpt('audio/intro-30s.m4a', { from: 4, seconds: 2, name: 'two-seconds.m4a' });
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(name), fullPage: true });

const choice = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label });

test('a paid plan renders a 4K visualizer from the create screen; the free plan is told why not', async ({
  page,
}) => {
  test.setTimeout(RENDER_TEST_TIMEOUT);
  await signUpThroughApi(page, { tag: 'uhd', password: 'uhd-pass-1', verified: true });
  await page.goto(`/audio-reactive-music-visualizers/create/${template.name}`);
  const resolution = page.getByRole('radiogroup', { name: 'Resolution' });
  await resolution.scrollIntoViewIfNeeded();
  await expect(choice(page, 'Resolution', '4K')).toBeDisabled();
  await expect(choice(page, 'Frame rate', '60 fps')).toBeDisabled();
  await expect(page.getByText(LARGER_OUTPUTS_MESSAGE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  await shot(page, 'create-free.png');

  await subscribeThroughStandIn(page);
  await page.reload();
  await expect(choice(page, 'Resolution', '4K')).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByText(LARGER_OUTPUTS_MESSAGE)).toHaveCount(0);

  await localAudioInput(page).setInputFiles(track);
  await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });
  await expect(readyPreview(page)).toBeVisible({ timeout: 20_000 });
  await resolution.scrollIntoViewIfNeeded();
  await resolution.getByText('4K', { exact: true }).click();
  await expect(page.getByTestId('output-size')).toHaveText(
    'Landscape, 3840 × 2160 pixels, 30 frames a second',
  );
  await expect(page.getByTestId('render-estimate')).toHaveText(
    /^Estimated render time: (under a minute|about \d+ minutes?) once it starts\.$/,
  );
  // The preview draws at screen size whatever the output's: its canvas is not 4K.
  const backing = await readyPreview(page)
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => canvas.width);
  expect(backing).toBeLessThan(3840);
  await shot(page, 'create-4k.png');

  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/audio-reactive-music-visualizers\/progress\/[0-9a-f-]{36}$/, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('render-status-card')).toHaveAttribute('data-phase', 'ready', {
    timeout: RENDER_QUEUE_WAIT,
  });
  await page.getByRole('link', { name: 'Watch your video' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download' }).click(),
  ]);
  const file = path.join(dir, 'downloaded.mp4');
  await download.saveAs(file);
  const video = (await ffmpeg.probe(file)).streams.find((s) => s.codec_type === 'video');
  expect(video).toMatchObject({ width: 3840, height: 2160, profile: 'High', level: 51 });
});
