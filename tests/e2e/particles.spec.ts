// Particle systems in Chromium against the real server and job worker. Signed out: the editor
// (a free tool) starts from a preset, its controls change the picture drawn in the worker, it
// plays and moves with the demo loop and with a track of the device, saves designs on the device (kept over a reload and
// offline), exports and imports JSON, and refuses a file that is no design. Signed in: a design
// rendered with a library track, followed to SUCCESS, played, listed and deleted.
import os from 'node:os';
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DESIGN_MESSAGES, parseDesign } from '../../core/particles/design';
import { signUpToStateFile } from './account-helpers';
import { expect, sweep, test } from './fixtures';
import {
  RENDER_QUEUE_WAIT,
  RENDER_TEST_TIMEOUT,
  expectPictureChangesFrom,
  expectPreviewMovesWhilePlaying,
  fixture,
  localAudioInput,
  readyPreview,
  shortTrack,
  uploadLibraryTrack,
  waitForServiceWorker,
} from './render-helpers';

const EDITOR = '/tools/particle-system-editor';
const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-particles-${process.pid}.json`);
/** The library track rendered with (shortTrack, made before the renders). */
const TRACK = { file: '', title: 'intro-3s' };
const LOCAL_TRACK = { file: 'audio/intro-30s-tagged.mp3', title: 'intro-30s-tagged' } as const;

test.setTimeout(RENDER_TEST_TIMEOUT);

async function openEditor(page: Page): Promise<void> {
  await page.goto(EDITOR);
  await expect(page.getByRole('heading', { name: 'Particle System Editor' })).toBeVisible();
  await expect(readyPreview(page)).toBeVisible({ timeout: 30_000 });
}

test.describe('the editor, signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('presets and controls change the picture; it moves with the music', async ({ page }) => {
    await openEditor(page);
    const preview = readyPreview(page);
    const snow = await preview.screenshot({ animations: 'allow' });

    await page.getByRole('button', { name: 'Start from the Linked Network preset' }).click();
    await expect(page.getByLabel('Design name')).toHaveValue('Linked Network');
    const linked = await expectPictureChangesFrom(preview, snow, 'a preset changes the picture');

    await page.getByTestId('particle-count').fill('1500');
    await expectPictureChangesFrom(preview, linked, 'the count changes the picture');
    await page.getByRole('checkbox', { name: 'Stars' }).check();
    await expect(page.getByRole('checkbox', { name: 'Stars' })).toBeChecked();

    await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
      timeout: 20_000,
    });
    await expectPreviewMovesWhilePlaying(page);
    await page.getByTestId('preview-play').click();
    await expect(page.getByTestId('preview-play')).toHaveAttribute('data-playing', 'false');

    // A track of this device: analysed here, and the particles move to it.
    await localAudioInput(page).setInputFiles(fixture(LOCAL_TRACK.file));
    await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('audio-status')).toContainText(LOCAL_TRACK.title);
    await expectPreviewMovesWhilePlaying(page);
  });

  test('designs are saved on the device, exported and imported as JSON, offline too', async ({
    page,
    context,
  }) => {
    await openEditor(page);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Start from the Embers Rising preset' }).click();
    await page.getByLabel('Design name').fill('Campfire');
    await page.getByRole('button', { name: 'Save on this device' }).click();
    await expect(page.getByText('Design saved on this device')).toBeVisible();
    await expect(page.getByTestId('saved-designs')).toContainText('Campfire');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('campfire.particles.json');
    const exported = path.join(os.tmpdir(), `waveframe-e2e-${Date.now()}.particles.json`);
    await download.saveAs(exported);
    const parsed = parseDesign(await readFile(exported, 'utf8'));
    expect(parsed.ok && parsed.design.name).toBe('Campfire');

    // Offline after a reload: the editor opens from the service worker and the design is there.
    await context.setOffline(true);
    await page.reload();
    await expect(readyPreview(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('saved-designs')).toContainText('Campfire');
    await page.getByRole('button', { name: 'Open Campfire' }).click();
    await expect(page.getByLabel('Design name')).toHaveValue('Campfire');

    // Import: our file comes back as it was; a file that is no design is refused with a reason.
    await page.getByRole('button', { name: 'Start from the Snow preset' }).click();
    await expect(page.getByLabel('Design name')).toHaveValue('Snow');
    const importInput = page.locator('input[type="file"][accept="application/json,.json"]');
    await importInput.setInputFiles(exported);
    await expect(page.getByLabel('Design name')).toHaveValue('Campfire');
    const broken = path.join(os.tmpdir(), `waveframe-e2e-${Date.now()}-broken.json`);
    await writeFile(broken, '{"particles": ');
    await importInput.setInputFiles(broken);
    await expect(page.getByTestId('import-error')).toHaveText(DESIGN_MESSAGES.notJson);
    await expect(page.getByLabel('Design name')).toHaveValue('Campfire');

    await page.getByRole('button', { name: 'Delete Campfire' }).click();
    await expect(page.getByTestId('no-saved-designs')).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe('particle videos, signed in', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: STATE_FILE });

  test.beforeAll(async ({ playwright, baseURL }) => {
    await signUpToStateFile(playwright, baseURL, STATE_FILE, 'particles');
    TRACK.file = await shortTrack();
  });

  test('a design rendered with a library track: progress, SUCCESS, play, list, delete', async ({
    page,
  }) => {
    await uploadLibraryTrack(page, TRACK);
    await openEditor(page);
    await page.getByRole('button', { name: 'Start from the Fireflies preset' }).click();
    await page.getByTestId('particle-count').fill('80');
    await page.getByRole('combobox', { name: 'Track from your library' }).click();
    await page.getByRole('option', { name: new RegExp(`^${TRACK.title} \\(`) }).click();
    await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
      timeout: 20_000,
    });
    const shape = page.getByRole('radiogroup', { name: 'Shape' });
    await shape.scrollIntoViewIfNeeded();
    await shape.getByText('1:1', { exact: true }).click();
    await expect(page.getByText('Square, 1080 × 1080 pixels')).toBeVisible();
    await page.getByRole('button', { name: 'Render video' }).click();
    await expect(page).toHaveURL(/\/media\/particle-system-render-progress\/[0-9a-f-]{36}$/, {
      timeout: 60_000,
    });
    const id = page.url().split('/').pop()!;
    const card = page.getByTestId('render-status-card');
    await expect(card).toHaveAttribute('data-phase', 'ready', { timeout: RENDER_QUEUE_WAIT });
    await sweep(page, 'particle-progress-done');

    await page.goto('/media/particle-systems');
    const listed = page.getByTestId('render-card');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Fireflies');
    await page.goto(`/media/particle-systems/${id}`);
    const video = page.locator('video').first();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([
      1080, 1080,
    ]);
    const downloadLink = page.getByRole('link', { name: /Download/ }).first();
    await expect(downloadLink).toHaveAttribute(
      'href',
      `/api/elements/particle-systems/video/${id}?download=1`,
    );
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe('Fireflies.mp4');
    const saved = path.join(os.tmpdir(), `waveframe-e2e-particles-${Date.now()}.mp4`);
    await download.saveAs(saved);
    expect((await readFile(saved)).subarray(4, 8).toString('latin1')).toBe('ftyp');

    // Deleted after confirming: gone from the list.
    await page.goto('/media/particle-systems');
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this particle video?' });
    await dialog.getByRole('button', { name: 'Delete video' }).click();
    await expect(page.getByText('Particle Video Deleted')).toBeVisible();
    await expect(page.getByTestId('render-card')).toHaveCount(0);
    await expect(page.getByText('No particle videos yet')).toBeVisible();
  });

  test('the creator page explains particle videos and leads to the editor', async ({ page }) => {
    await page.goto('/particle-system-video-creator');
    await expect(page.getByText('Beat Burst').first()).toBeVisible();
    await page.getByRole('link', { name: 'Open the particle editor' }).first().click();
    await expect(page).toHaveURL(new RegExp(`${EDITOR}$`));
  });
});
