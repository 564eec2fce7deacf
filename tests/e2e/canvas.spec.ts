// Spotify Canvas in Chromium against the real server and job worker: the gallery loops its
// templates; a Canvas made from a template with a library track, cut on its beat, previewed as a
// loop, rendered, followed to SUCCESS, played and downloaded; then listed in My Canvas Videos
// with a loop on hover. The progress page asks anyone signed out to sign in.
import os from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { listTemplates } from '../../core/render/renderer';
import { signUpToStateFile } from './account-helpers';
import { expect, sweep, test } from './fixtures';
import {
  RENDER_QUEUE_WAIT,
  RENDER_TEST_TIMEOUT,
  expectPictureChangesFrom,
  readyPreview,
  uploadLibraryTrack,
} from './render-helpers';

const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-canvas-${process.pid}.json`);
const template = listTemplates('canvas').find((t) => t.name === 'vinyl')!;
const TRACK = { file: 'audio/intro-30s.m4a', title: 'intro-30s' } as const;

test.describe.configure({ mode: 'serial' });
test.use({ storageState: STATE_FILE });
test.setTimeout(RENDER_TEST_TIMEOUT);

test.beforeAll(async ({ playwright, baseURL }) => {
  await signUpToStateFile(playwright, baseURL, STATE_FILE, 'canvas');
});

const statusCard = (page: Page) => page.getByTestId('render-status-card');

test('the gallery shows every Canvas template looping', async ({ page }) => {
  await page.goto('/spotify-canvas-video-templates');
  const cards = page.getByTestId('canvas-gallery').getByRole('link', { name: /^Create with / });
  await expect(cards).toHaveCount(listTemplates('canvas').length);
  const first = page.getByTestId('template-preview-box').first();
  await expect(first).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const before = await first.screenshot({ animations: 'allow' });
  await expectPictureChangesFrom(first, before, 'a gallery loop moves');
});

test('a Canvas from a template and a library track: cut on the beat, looping preview, render, SUCCESS, play, download', async ({
  page,
}) => {
  await uploadLibraryTrack(page, TRACK);

  await page.goto('/spotify-canvas-video-templates');
  await page.getByRole('link', { name: `Create with ${template.title}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/spotify-canvas-video-templates/create/${template.name}$`),
  );
  // The Canvas quota: 3 Canvas credits and the plan's free one.
  await expect(page.getByTestId('credits-left')).toHaveText('4 left');

  // Without a track the loop plays on its own clock, as long as the user picks.
  const summary = page.getByTestId('canvas-loop-summary');
  await expect(summary).toHaveText('6.00 s loop');
  await expect(readyPreview(page)).toBeVisible({ timeout: 20_000 });
  const silent = await readyPreview(page).screenshot({ animations: 'allow' });
  await expectPictureChangesFrom(readyPreview(page), silent, 'the loop plays without a track');

  await page.getByRole('combobox', { name: 'Track from your library' }).click();
  await page.getByRole('option', { name: new RegExp(`^${TRACK.title} \\(`) }).click();
  await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 20_000,
  });
  // With the track, a whole number of beats of its tempo.
  await expect(summary).toHaveText(/^\d\.\d\d s loop · \d+ beats at \d+ bpm$/);
  const section = page.getByRole('slider', { name: 'Section start' });
  await section.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Starts at 0:10')).toBeVisible();

  const play = page.getByTestId('preview-play');
  await play.click();
  await expect(play).toHaveAttribute('data-playing', 'true');
  const first = await readyPreview(page).screenshot({ animations: 'allow' });
  await expectPictureChangesFrom(readyPreview(page), first, 'the preview loops with the track');
  await play.click();

  const planned = (await summary.textContent()) ?? '';
  await sweep(page, 'canvas-editor-track');
  await page.getByRole('button', { name: 'Render video' }).click();
  await expect(page).toHaveURL(/\/canvas-render-progress\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const id = page.url().split('/').pop()!;
  await expect(statusCard(page)).toBeVisible();
  await expect(statusCard(page)).toHaveAttribute('data-phase', 'ready', {
    timeout: RENDER_QUEUE_WAIT,
  });
  await expect(page.getByTestId('render-percent')).toHaveText('100%');
  await sweep(page, 'canvas-progress-done');

  // The loop plays right on its progress page.
  const video = page.getByTestId('render-inline-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  const { width, height, duration } = await video.evaluate((v: HTMLVideoElement) => ({
    width: v.videoWidth,
    height: v.videoHeight,
    duration: v.duration,
  }));
  expect([width, height]).toEqual([1080, 1920]);
  expect(Math.abs(duration - Number(planned.split(' s')[0]))).toBeLessThan(0.05);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download' }).click(),
  ]);
  const file = path.join(os.tmpdir(), `waveframe-e2e-canvas-${Date.now()}.mp4`);
  await download.saveAs(file);
  const bytes = await readFile(file);
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');

  // The quota went down by one (the free credit first).
  await page.goto('/media/canvas-videos');
  const card = page.getByTestId('render-card');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-phase', 'ready');
  const loop = card.getByTestId('canvas-hover-loop');
  await loop.hover();
  await expect(loop).toHaveAttribute('data-playing', 'true');
  await expect
    .poll(() => loop.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(card.getByRole('link', { name: /^Download / })).toHaveAttribute(
    'href',
    `/api/canvas-videos/video/${id}?download=1`,
  );
  await page.goto(`/spotify-canvas-video-templates/create/${template.name}`);
  await expect(page.getByTestId('credits-left')).toHaveText('3 left');
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a Canvas progress page asks to sign in and shows nothing of the video', async ({
    page,
  }) => {
    await page.goto('/canvas-render-progress/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('canvas-sign-in-prompt')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to see this Canvas' })).toBeVisible();
    await expect(page.getByTestId('render-status-card')).toHaveCount(0);
  });

  test('the creator, how-to and FAQ pages explain Canvas and its rules', async ({ page }) => {
    await page.goto('/spotify-canvas-creator');
    await expect(page.getByText('3 to 8 seconds long, looping')).toBeVisible();
    await page.getByRole('link', { name: 'How to create a Canvas' }).click();
    await expect(page).toHaveURL(/\/spotify-canvas-videos\/how-to-create$/);
    await expect(page.getByText('Upload it in Spotify for Artists')).toBeVisible();
    await page.goto('/spotify-canvas-videos/faq');
    await page.getByRole('button', { name: 'What size and length does Spotify take?' }).click();
    await expect(page.getByText(/A 9:16 vertical video, at least 720 pixels tall/)).toBeVisible();
  });
});
