// Helpers shared by the e2e specs of the create screens and their live preview: the shared test
// media, the library's upload input and track rows, the preview canvas and whether it moves, and
// the service worker's readiness (for the offline tests).
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The shared test media (/work/shared/fixtures; see its README). */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
export const fixture = (name: string) => path.join(FIXTURES, name);

/**
 * A stretch of a fixture, its packets copied by ffmpeg into a new temporary file named `name`:
 * a real track, as long as the test needs and no longer (every render the e2e server makes waits
 * for the one before it).
 */
export async function excerpt(
  file: string,
  { from, seconds, name }: { from: number; seconds: number; name: string },
): Promise<string> {
  const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'waveframe-e2e-excerpt-')), name);
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-ss', String(from), '-t', String(seconds)],
    ...['-i', fixture(file), '-c', 'copy', out],
  ]);
  return out;
}

/**
 * Three seconds of a real track (the 8 s fixture's first three), as `intro-3s.mp3`: every render
 * flow a spec follows (progress, the finished file, playing, publishing) shows as well on it, and
 * the e2e server's one-at-a-time queue moves on sooner.
 */
export const shortTrack = () =>
  excerpt('audio/intro-8s-mono.mp3', { from: 0, seconds: 3, name: 'intro-3s.mp3' });

/**
 * How long a test waits for a render it queued to finish. The e2e server renders one video at a
 * time for every test of the run (render-video takes one job at a time per machine), so a short
 * render can wait behind the release kit's five parts and a 4K video; on a slow 2-core machine
 * that wait has passed ten minutes. A passing run never waits this long.
 */
export const RENDER_QUEUE_WAIT = 1_200_000;

/** A test that waits for a queued render: the wait, and room for the rest of the test. */
export const RENDER_TEST_TIMEOUT = RENDER_QUEUE_WAIT + 300_000;

/** The library's file inputs. */
export const fileInput = (page: Page, label: 'Upload audio' | 'Upload images') =>
  page.locator(`input[type="file"][aria-label="${label}"]`);

/** A track of the library list (/media/audio), by its shown title. */
export const trackRow = (page: Page, title: string) =>
  page.locator(`[data-testid="track-row"][data-title="${title}"]`);

/** The create screen's "Use an audio file from this device" input. */
export const localAudioInput = (page: Page) =>
  page.locator('input[type="file"][aria-label="Use an audio file from this device"]');

/** The create screen's preview once the worker has drawn its scene. */
export const readyPreview = (page: Page) =>
  page.locator('[data-testid="preview-canvas-box"][data-ready="true"]');

/** Spread of the pixel values of a PNG (0 for a single flat colour). */
export async function pixelSpread(png: Buffer): Promise<number> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    const luma = 0.3 * data[i]! + 0.59 * data[i + 1]! + 0.11 * data[i + 2]!;
    sum += luma;
    squares += luma * luma;
    n++;
  }
  const mean = sum / n;
  return Math.sqrt(Math.max(0, squares / n - mean * mean));
}

/** Waits until the element's picture differs from `before` (it moved, or showed another moment). */
export async function expectPictureChangesFrom(
  locator: Locator,
  before: Buffer,
  message: string,
): Promise<Buffer> {
  let now = before;
  await expect
    .poll(
      async () => {
        now = await locator.screenshot({ animations: 'allow' });
        return now.equals(before);
      },
      { message },
    )
    .toBe(false);
  return now;
}

/**
 * Waits until the element's picture has settled: two shots `gapMs` apart are the same (a
 * picture that keeps moving fails after expect's timeout). Answers the settled picture.
 */
export async function expectPictureSettles(
  locator: Locator,
  message: string,
  gapMs = 350,
): Promise<Buffer> {
  let previous = await locator.screenshot({ animations: 'allow' });
  await expect
    .poll(
      async () => {
        await locator.page().waitForTimeout(gapMs);
        const now = await locator.screenshot({ animations: 'allow' });
        const same = now.equals(previous);
        previous = now;
        return same;
      },
      { message },
    )
    .toBe(true);
  return previous;
}

/** Plays the create screen's preview (if paused) and checks that its picture moves. */
export async function expectPreviewMovesWhilePlaying(page: Page): Promise<void> {
  const play = page.getByTestId('preview-play');
  if ((await play.getAttribute('data-playing')) !== 'true') await play.click();
  await expect(play).toHaveAttribute('data-playing', 'true');
  const preview = readyPreview(page);
  const first = await preview.screenshot({ animations: 'allow' });
  await expectPictureChangesFrom(preview, first, 'the preview moves while playing');
}

/** Where the page's service worker stands, e.g. "active:activated controller:yes". */
function serviceWorkerState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return 'no registration';
    const parts = [
      registration.installing && `installing:${registration.installing.state}`,
      registration.waiting && `waiting:${registration.waiting.state}`,
      registration.active && `active:${registration.active.state}`,
      `controller:${navigator.serviceWorker.controller ? 'yes' : 'no'}`,
    ];
    return parts.filter(Boolean).join(' ');
  });
}

/**
 * Waits until the service worker is activated and controls the page (polling, so a stuck
 * install fails with where it stands instead of hanging); a page the new worker has not claimed
 * is loaded again once.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const controlled = 'active:activated controller:yes';
  const settled = async () => {
    await expect
      .poll(() => serviceWorkerState(page), { timeout: 30_000 })
      .toMatch(/active:activated/);
  };
  await settled();
  if ((await serviceWorkerState(page)) !== controlled) {
    await page.reload();
    await settled();
  }
  expect(await serviceWorkerState(page)).toBe(controlled);
}

/** Uploads a track to the library on My Audio and waits until the server has processed it. */
export async function uploadLibraryTrack(
  page: Page,
  track: { file: string; title: string },
): Promise<void> {
  await page.goto('/media/audio');
  const file = path.isAbsolute(track.file) ? track.file : fixture(track.file);
  await fileInput(page, 'Upload audio').setInputFiles(file);
  await expect(trackRow(page, track.title)).toHaveAttribute('data-status', 'COMPLETE', {
    timeout: 60_000,
  });
}
