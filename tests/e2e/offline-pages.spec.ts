// Every public page and tool opens offline after one visit, with its content: one visit to each
// online (the service worker controlling the page), then offline a fresh load of each, which must
// show the page's own heading and its content, not an error. Driven by the route table: every
// public route without parameters, a create screen of each kind with a real template, and the
// first release post listed. (A Canvas render's progress needs an account and a render: the
// signed-in offline lists are in their own specs.)
import type { Page } from '@playwright/test';
import { listTemplates } from '../../core/render/renderer';
import { ROUTE_TABLE, samplePathOf } from '../../src/routes/route-table';
import { openScreen } from './a11y-helpers';
import { expect, expectScreen, test } from './fixtures';
import { waitForServiceWorker } from './render-helpers';

const RELEASES = '/spotify-canvas-videos/releases';

test.use({ storageState: { cookies: [], origins: [] }, reducedMotion: 'reduce' });

const TEMPLATE_KIND: Record<string, 'visualizer' | 'single-frame' | 'canvas'> = {
  '/audio-reactive-music-visualizers/create/$vizName': 'visualizer',
  '/single-frame-music-video-templates/create/$vizName': 'single-frame',
  '/spotify-canvas-video-templates/create/$vizName': 'canvas',
};

interface Visit {
  url: string;
  /** The h1 the page shows; null where the page names it after its object (a release post). */
  title: string | null;
}

/** The public pages: routes without parameters, create screens with a real template. */
function publicPages(): Visit[] {
  return ROUTE_TABLE.filter((entry) => !entry.protected).flatMap((entry) => {
    const kind = TEMPLATE_KIND[entry.path];
    if (kind) {
      const name = listTemplates(kind)[0]!.name;
      return [{ url: samplePathOf(entry.path, () => name), title: entry.title }];
    }
    return entry.path.includes('$') ? [] : [{ url: entry.path, title: entry.title }];
  });
}

/** The page's main landmark holds more than a heading: its content (the shortest, a form). */
async function expectContent(page: Page, visit: Visit): Promise<void> {
  if (visit.title) await expectScreen(page, visit.title);
  else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(async () => (await page.getByRole('main').innerText()).trim().length, {
      message: `${visit.url} shows its content offline`,
    })
    .toBeGreaterThan(80);
}

test('every public page and tool opens offline after one visit', async ({ page, context }) => {
  // About 35 pages, each visited online and then loaded afresh offline.
  test.setTimeout(300_000);
  await page.goto('/');
  await expectScreen(page, 'Turn your music into videos');
  await waitForServiceWorker(page);

  // One visit each, online, inside the app (as following links would).
  const visits = publicPages();
  for (const visit of visits) await openScreen(page, visit.url, visit.title);
  const post = page.locator(`main a[href^="${RELEASES}/"]`).first();
  await openScreen(page, RELEASES, 'Spotify Canvas Releases');
  const postUrl = new URL((await post.getAttribute('href')) ?? '', page.url()).pathname;
  await openScreen(page, postUrl, null);
  visits.push({ url: postUrl, title: null });

  // Offline: each page loaded afresh, from the service worker and what the visit kept.
  await context.setOffline(true);
  try {
    await page.reload();
    await expectContent(page, visits[visits.length - 1]!);
    for (const visit of visits) {
      await page.goto(visit.url);
      await expectContent(page, visit);
    }
  } finally {
    await context.setOffline(false);
  }
});
