// The live previews in Chromium against the real server: the visualizer gallery moving to the demo
// loop, a signed-out visitor previewing a file of their own device (moving while playing, still
// when paused), the picture of a single-frame template, at desktop and phone sizes.
import type { Page } from '@playwright/test';
import { listTemplates } from '../../core/render/renderer';
import { expect, test } from './fixtures';
import {
  expectPictureChangesFrom,
  expectPictureSettles,
  expectPreviewMovesWhilePlaying,
  fixture,
  localAudioInput,
  pixelSpread,
} from './render-helpers';

const LOCAL_TRACK = fixture('audio/intro-8s-mono.mp3');
const visualizers = listTemplates('visualizer');
const singleFrames = listTemplates('single-frame');

const readyPreviews = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}-box"][data-ready="true"]`);

test('the gallery shows every visualizer template moving to the demo loop', async ({ page }) => {
  await page.goto('/audio-reactive-music-visualizers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Audio-Reactive Music Visualizers',
  );
  const cards = page.getByTestId('template-card');
  await expect(cards).toHaveCount(visualizers.length);
  for (const template of visualizers) {
    const card = page.locator(`[data-testid="template-card"][data-template="${template.name}"]`);
    await expect(card.getByRole('heading', { name: template.title })).toBeVisible();
    await expect(card.getByRole('link', { name: `Create with ${template.title}` })).toHaveAttribute(
      'href',
      `/audio-reactive-music-visualizers/create/${template.name}`,
    );
  }
  await expect(page.getByTestId('gallery-audio')).toHaveText('Moving to our demo loop.');
  // The visible cards get drawn and keep changing.
  const first = readyPreviews(page, 'template-preview').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  const a = await first.screenshot({ animations: 'allow' });
  await expectPictureChangesFrom(first, a, 'the first card moves');
  expect(await pixelSpread(a)).toBeGreaterThan(3);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(readyPreviews(page, 'template-preview').first()).toBeVisible();
});

test('a signed-out visitor previews a track of their own device', async ({ page }) => {
  const template = visualizers[0]!;
  await page.goto(`/audio-reactive-music-visualizers/create/${template.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a Music Visualizer');
  await expect(page.getByText(`${template.title}: ${template.description}`)).toBeVisible();
  // The demo loop plays until a track is picked.
  await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready');

  await localAudioInput(page).setInputFiles(LOCAL_TRACK);
  const status = page.getByTestId('audio-status');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(status).toContainText('intro-8s-mono');
  await expect(status).toContainText('on this device');
  await expect(page.getByTestId('preview-time')).toContainText('/ 0:08');

  const preview = readyPreviews(page, 'preview-canvas');
  await expect(preview).toBeVisible();
  await expectPreviewMovesWhilePlaying(page);

  await page.getByRole('button', { name: 'Pause the preview' }).click();
  await expect(page.getByTestId('preview-play')).toHaveAttribute('data-playing', 'false');
  const d = await expectPictureSettles(preview, 'the preview stands still when paused');

  // Seeking on the waveform while paused draws that moment.
  const waveform = page.getByTestId('waveform');
  const box = await waveform.boundingBox();
  await waveform.click({ position: { x: (box?.width ?? 100) * 0.75, y: 10 } });
  await expect(page.getByTestId('preview-time')).toHaveText(/0:0[56] \/ 0:08/);
  await expectPictureChangesFrom(preview, d, 'the preview shows the moment sought');

  // Signed out, Render opens the login panel; the file has not left the device.
  await page.getByRole('button', { name: 'Log in to render' }).click();
  await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
});

test('the single-frame templates show their pictures', async ({ page }) => {
  await page.goto('/single-frame-music-video-templates');
  await expect(page.getByTestId('template-card')).toHaveCount(singleFrames.length);
  await expect(readyPreviews(page, 'template-preview').first()).toBeVisible({ timeout: 20_000 });

  const template = singleFrames[0]!;
  await page.goto(`/single-frame-music-video-templates/create/${template.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a Static Music Video');
  const preview = readyPreviews(page, 'preview-canvas');
  await expect(preview).toBeVisible({ timeout: 20_000 });
  // The worker draws the picture once its images are in: wait for it, not for a clock.
  await expect
    .poll(async () => pixelSpread(await preview.screenshot()), {
      message: 'the single-frame preview shows its picture',
    })
    .toBeGreaterThan(3);
  await page.setViewportSize({ width: 390, height: 844 });
});

test('an unknown template says so and leads back to the gallery', async ({ page }) => {
  await page.goto('/audio-reactive-music-visualizers/create/no-such-template');
  await expect(page.getByTestId('unknown-template')).toContainText('Template not found');
  await page.getByRole('link', { name: 'All visualizers' }).last().click();
  await expect(page).toHaveURL(/\/audio-reactive-music-visualizers$/);
});

test('the creator landing page explains three steps and starts creation', async ({ page }) => {
  await page.goto('/music-visualizer-creator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Music Visualizer Creator');
  await expect(page.getByText('Step 3')).toBeVisible();
  await expect(readyPreviews(page, 'preview-canvas')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Start creating' }).click();
  await expect(page).toHaveURL(/\/audio-reactive-music-visualizers\/create\//);
});
