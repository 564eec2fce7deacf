// Helpers shared by the e2e specs of the create screens and their live preview: the shared test
// media, the library's upload input and track rows, the preview canvas and whether it moves, and
// the service worker's readiness (for the offline tests).
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The shared test media (/work/shared/fixtures; see its README). */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
export const fixture = (name: string) => path.join(FIXTURES, name);

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

/** Two shots of an element, `gapMs` apart. */
export async function twoShots(locator: Locator, gapMs: number): Promise<[Buffer, Buffer]> {
  const first = await locator.screenshot({ animations: 'allow' });
  await locator.page().waitForTimeout(gapMs);
  const second = await locator.screenshot({ animations: 'allow' });
  return [first, second];
}

/** Plays the create screen's preview (if paused) and checks that its picture moves. */
export async function expectPreviewMovesWhilePlaying(page: Page): Promise<void> {
  const play = page.getByTestId('preview-play');
  if ((await play.getAttribute('data-playing')) !== 'true') await play.click();
  await expect(play).toHaveAttribute('data-playing', 'true');
  await page.waitForTimeout(300);
  const [a, b] = await twoShots(readyPreview(page), 350);
  expect(a.equals(b), 'the preview moves while playing').toBe(false);
}

/** Waits until the service worker is activated and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return 'none';
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        });
      });
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
          once: true,
        });
      });
    }
    return worker.state;
  });
  expect(state).toBe('activated');
}
