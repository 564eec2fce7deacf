// The Canvas release posts in Chromium: the list newest first with moving previews drawn by the
// core renderer (still for visitors who ask for reduced motion), a post with its templates and
// links, an unknown post, and both pages offline after one visit. Screenshots go to the test's
// output folder.
import type { Page } from '@playwright/test';
import { listTemplates } from '../../core/render/renderer';
import { readReleasePosts } from '../../scripts/vite-release-posts';
import { expect, expectFailedCalls, expectScreen, test } from './fixtures';
import {
  expectPictureChangesFrom,
  expectPictureSettles,
  waitForServiceWorker,
} from './render-helpers';

const LIST = '/spotify-canvas-videos/releases';
const POSTS = readReleasePosts(listTemplates('canvas').map((t) => t.name));
const BEAT_POST = POSTS.find((post) => post.id === 'canvas-loops-cut-on-the-beat')!;

test.use({ storageState: { cookies: [], origins: [] } });

/**
 * A list of posts starts a preview for each one on screen, in one worker; on a 2-core machine
 * busy with the run's renders the first picture has taken more than 20 s.
 */
const PREVIEW_WAIT = 60_000;
test.setTimeout(150_000);

const readyPreview = (page: Page) =>
  page.locator('[data-testid="release-preview-box"][data-ready="true"]');

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('the list shows every post newest first, each with its template moving', async ({ page }) => {
  await page.goto(LIST);
  await expectScreen(page, 'Spotify Canvas Releases');
  const posts = page.getByTestId('release-post');
  await expect(posts).toHaveCount(POSTS.length);
  expect(await posts.evaluateAll((all) => all.map((el) => el.getAttribute('data-post')))).toEqual(
    POSTS.map((post) => post.id),
  );
  await expect(posts.first().getByRole('heading', { level: 2 })).toHaveText(POSTS[0]!.title);

  const first = readyPreview(page).first();
  await expect(first).toBeVisible({ timeout: PREVIEW_WAIT });
  const before = await first.screenshot({ animations: 'allow' });
  await expectPictureChangesFrom(first, before, 'the first post’s preview moves');
  await screenshot(page, 'releases');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(readyPreview(page).first()).toBeVisible();
  await screenshot(page, 'releases-phone');
});

test('a post shows its text, its templates moving and a way to make a Canvas', async ({ page }) => {
  await page.goto(LIST);
  await page.getByRole('link', { name: BEAT_POST.title, exact: true }).click();
  await expect(page).toHaveURL(`${LIST}/${BEAT_POST.id}`);
  await expectScreen(page, BEAT_POST.title);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Choose the section, get whole beats' }),
  ).toBeVisible();
  await expect(page.getByTestId('release-template')).toHaveCount(BEAT_POST.templates.length);
  const preview = readyPreview(page).first();
  await expect(preview).toBeVisible({ timeout: PREVIEW_WAIT });
  const before = await preview.screenshot({ animations: 'allow' });
  await expectPictureChangesFrom(preview, before, 'the post’s preview moves');
  await screenshot(page, 'release-post');

  // A link in the post's text moves within the app.
  await page.getByTestId('release-body').getByRole('link', { name: 'Try Rotating Vinyl' }).click();
  await expect(page).toHaveURL(/\/spotify-canvas-video-templates\/create\/vinyl$/);
  await expectScreen(page, 'Create a Spotify Canvas Video');
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Make a Canvas with Title Loop' })).toHaveAttribute(
    'href',
    '/spotify-canvas-video-templates/create/title-loop',
  );
});

test('previews hold still for visitors who ask for reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 844 });
  const launch = POSTS.at(-1)!;
  await page.goto(`${LIST}/${launch.id}`);
  await expect(page.getByTestId('release-template')).toHaveCount(launch.templates.length);
  const preview = readyPreview(page).first();
  await expect(preview).toBeVisible({ timeout: PREVIEW_WAIT });
  await expectPictureSettles(preview, 'the preview stays on one frame');
  await screenshot(page, 'release-post-phone');
});

test('an unknown post says so and leads back to the list', async ({ page }) => {
  // The server may answer the page itself with 404 Not Found (it knows the posts from the build).
  expectFailedCalls(page, `${LIST}/no-such-post`);
  await page.goto(`${LIST}/no-such-post`);
  await expectScreen(page, 'Release post not found');
  await screenshot(page, 'release-not-found');
  await page.getByRole('link', { name: 'All Canvas releases' }).click();
  await expectScreen(page, 'Spotify Canvas Releases');
});

test('the list and a post open offline after one visit', async ({ page, context }) => {
  await page.goto(LIST);
  await expectScreen(page, 'Spotify Canvas Releases');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expectScreen(page, 'Spotify Canvas Releases');
  await expect(page.getByTestId('release-post')).toHaveCount(POSTS.length);
  await expect(readyPreview(page).first()).toBeVisible({ timeout: PREVIEW_WAIT });

  await page.goto(`${LIST}/${BEAT_POST.id}`);
  await expectScreen(page, BEAT_POST.title);
  await expect(page.getByText('Every template pulses on the beats')).toBeVisible();
  await expect(readyPreview(page).first()).toBeVisible({ timeout: PREVIEW_WAIT });
  await context.setOffline(false);
});
