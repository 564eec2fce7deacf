// Shared by the accessibility specs: axe-core's WCAG 2.0/2.1 A and AA rules run on the page, with
// serious and critical violations written out readably (route, rule, what is wrong, the selectors).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, moveInApp } from './fixtures';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Left out of the checks, each for a reason: the RGB colour creator's samples show the user's own
 * colour on white and on black on purpose, to judge its contrast (hidden from screen readers,
 * which get the ratio and verdict as text): WCAG's exception for pure decoration.
 */
const EXCLUDED = ['[data-testid^="contrast-"] > [aria-hidden="true"]'];

/** Runs axe on the page as it is now; answers one readable line per serious or critical rule. */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  // Colours mid-transition are neither state's: a button enabled a moment ago (its track loaded)
  // still wears its disabled grey for Mantine's 150 ms. Finite animations end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .exclude(EXCLUDED)
    // In the page itself: the default runs each frame apart and joins them in a new page, which
    // costs a page per check; the app has no cross-origin frames to reach.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 6)
        .map((node) => {
          const summary = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
          return `      ${node.target.join(' ')}${summary ? ` (${summary})` : ''}`;
        })
        .join('\n');
      const more =
        violation.nodes.length > 6 ? `\n      … and ${violation.nodes.length - 6} more` : '';
      return `${label}: [${violation.impact}] ${violation.id}: ${violation.help}\n${targets}${more}`;
    });
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's own requests in flight (not the service worker's), for openScreen. */
function trackRequests(page: Page): Set<unknown> {
  let open = inFlight.get(page);
  if (!open) {
    const requests = new Set<unknown>();
    page.on('request', (request) => requests.add(request));
    page.on('requestfinished', (request) => requests.delete(request));
    page.on('requestfailed', (request) => requests.delete(request));
    inFlight.set(page, requests);
    open = requests;
  }
  return open;
}

/**
 * Opens a route's screen and waits until it shows: its tab title (a screen that names its tab
 * after its object, title null: a tab title other than the last screen's) and h1, then the screen's own
 * data calls answered (a screen that keeps polling gets 3 s). Once the app is loaded it moves on
 * inside the app, as a link would (the router follows the history), which is much quicker than
 * loading the whole app again for each screen.
 */
export async function openScreen(page: Page, url: string, title: string | null): Promise<void> {
  const open = trackRequests(page);
  const before = await page.title().catch(() => '');
  const onApp = page.url().startsWith('http') && !page.url().includes('/api/');
  if (onApp) await moveInApp(page, url);
  else await page.goto(url);
  if (title) await expect(page).toHaveTitle(`${title} · Waveframe`);
  else await expect(page).not.toHaveTitle(before);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect
    .poll(() => open.size, { timeout: 3_000, intervals: [50, 100, 100, 200] })
    .toBe(0)
    .catch(() => undefined);
}

/**
 * Checks one screen: its serious or critical violations fail the test (softly, so every screen is
 * checked and reported, even when a later one runs out of time).
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const found = await seriousViolations(page, label);
  expect
    .soft(found, `serious or critical accessibility violations:\n\n${found.join('\n\n')}\n`)
    .toEqual([]);
}
