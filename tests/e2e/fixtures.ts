import path from 'node:path';
import {
  expect,
  test as base,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Worker,
} from '@playwright/test';

/**
 * The one console error the app is allowed: a signed-out login check. GET /api/auth/user answers
 * 401 (or 404 until accounts exist, or fails offline) and Chromium logs the failed load.
 */
function isSignedOutLoginCheck(message: ConsoleMessage): boolean {
  return (
    message.text().startsWith('Failed to load resource') &&
    /\/api\/auth\/user$/.test(message.location().url)
  );
}

/**
 * A page the server answers 404 on purpose while still sending the app (an unknown path, /404, an
 * unknown release post): Chromium logs the page's own status as a failed load. Files and API
 * calls that are missing still count.
 */
function isNotFoundPage(message: ConsoleMessage): boolean {
  if (
    !message.text().startsWith('Failed to load resource: the server responded with a status of 404')
  ) {
    return false;
  }
  const { url } = message.location();
  if (!URL.canParse(url)) return false;
  const { pathname } = new URL(url);
  return !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
}

const expectedFailures = new WeakMap<Page, string[]>();

/**
 * Declares API calls that this test makes fail on purpose (a wrong password, a wrong code):
 * Chromium logs their 4xx answers as console errors, which are then not counted.
 */
export function expectFailedCalls(page: Page, ...paths: string[]): void {
  expectedFailures.set(page, [...(expectedFailures.get(page) ?? []), ...paths]);
}

function isExpectedFailure(page: Page, message: ConsoleMessage): boolean {
  const url = message.location().url;
  return (
    message.text().startsWith('Failed to load resource') &&
    (expectedFailures.get(page) ?? []).some((path) => url.endsWith(path))
  );
}

/**
 * Chromium logs a Content-Security-Policy violation of the page as a console error, which the
 * collector below counts; one inside a worker reaches no console Playwright sees. Each worker is
 * told to log its violations as errors too; they then arrive with the page's (or the service
 * worker's) console messages. A violation before the listener is added is missed, so workers
 * that load something at start-up are best checked by what they then do.
 */
async function reportViolationsOf(worker: Worker): Promise<void> {
  await worker
    .evaluate(() => {
      self.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content-Security-Policy: ${event.effectiveDirective} refused ${event.blockedURI || 'an inline script'} in the worker ${self.location.href}`,
        );
      });
    })
    .catch(() => undefined); // the worker ended first
}

/** Collects the page's console errors (but the allowed ones above) and uncaught errors. */
export function collectConsoleErrors(page: Page, errors: string[]): void {
  page.on('worker', (worker) => void reportViolationsOf(worker));
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      !isSignedOutLoginCheck(message) &&
      !isNotFoundPage(message) &&
      !isExpectedFailure(page, message)
    ) {
      errors.push(`${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
}

/** The service worker's own console errors, its policy violations among them. */
export function collectServiceWorkerErrors(context: BrowserContext, errors: string[]): void {
  const watch = (worker: Worker) => {
    worker.on('console', (message) => {
      if (message.type() === 'error') errors.push(`service worker: ${message.text()}`);
    });
    void reportViolationsOf(worker);
  };
  context.serviceWorkers().forEach(watch);
  context.on('serviceworker', watch);
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      collectConsoleErrors(page, errors);
      collectServiceWorkerErrors(page.context(), errors);
      await use(errors);
      expect(errors, 'the browser console should have no errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the page's heading and tab title show a screen. */
export async function expectScreen(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} · Waveframe`);
}

/**
 * Moves the loaded app to `url` as its own links do: the router follows the history, without
 * loading the whole app again (a full load costs seconds of Chromium's CPU on a small machine).
 * What a fresh load of each address gets from the server is tested in tests/api/seo.test.ts.
 */
export async function moveInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    const state = (history.state ?? {}) as Record<string, unknown>;
    const key = Math.random().toString(36).slice(2, 10);
    const index = typeof state.__TSR_index === 'number' ? state.__TSR_index + 1 : 1;
    history.pushState({ ...state, key, __TSR_key: key, __TSR_index: index }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
}

/** A sample value for a route parameter, e.g. "sample-audioId". */
export const sampleParam = (name: string) => `sample-${name}`;

/** Waits until a sliding drawer or dialog has stopped moving (its transition has ended). */
export async function waitUntilSettled(locator: ReturnType<Page['locator']>): Promise<void> {
  let previous = '';
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      const now = JSON.stringify(box);
      const settled = box !== null && now === previous;
      previous = now;
      return settled;
    })
    .toBe(true);
}

/** The two widths every screen is looked at: a laptop's and a phone's. */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Where the screen sweep keeps its pictures (Playwright empties test-results at each run). */
export const SWEEP_DIR = path.resolve(import.meta.dirname, '../../test-results/sweep');

/**
 * The screen sweep: the whole page as it is now, at 1280x800 and at 390x844, kept as
 * test-results/sweep/<name>-1280.jpg and -390.jpg for a person to look at (docs/testing.md).
 * The tests that reach each creator, editor and progress screen in each state that matters
 * (empty, working, waiting, done, failed, offline) call it there; the window is put back after.
 * JPEG, not PNG: Chromium encodes a whole phone-width page as PNG in about 0.45 s of CPU and as
 * JPEG in 0.12 s, and these pictures are only looked at.
 */
export async function sweep(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    // From the top: a whole-page picture of a scrolled page draws the top bar where it sits.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(SWEEP_DIR, `${name}-${viewport.width}.jpg`),
      type: 'jpeg',
      quality: 85,
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  }
  await page.setViewportSize(before);
}
