// The head tags in a real browser once the service worker answers navigations with its cached
// shell (which carries the home page's head), and the search-engine files opened in a tab. The
// raw HTML the server sends is covered by tests/api/seo.test.ts.
import { expect, expectScreen, test } from './fixtures';
import { waitForServiceWorker } from './render-helpers';

test('pages keep their own canonical link and description under the service worker', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  await expectScreen(page, 'Turn your music into videos');
  await waitForServiceWorker(page);
  const canonical = page.locator('link[rel="canonical"]');
  const description = page.locator('meta[name="description"]');
  const robots = page.locator('meta[name="robots"]');

  // Served by the service worker from the cached shell, then set by the app.
  await page.goto('/faq');
  await expectScreen(page, 'Frequently Asked Questions');
  await expect(canonical).toHaveAttribute('href', `${baseURL}/faq`);
  await expect(description).toHaveAttribute(
    'content',
    'Answers about renders, credits, plans and publishing.',
  );
  await expect(robots).toHaveCount(0);

  // Moving inside the app: the tags follow.
  await page.getByRole('link', { name: 'Support guides' }).click();
  await expectScreen(page, 'Support');
  await expect(canonical).toHaveAttribute('href', `${baseURL}/support`);

  // An unknown path lands on /404: noindex, no canonical link.
  await page.goto('/no/such/page');
  await expectScreen(page, 'Page Not Found');
  await expect(robots).toHaveAttribute('content', 'noindex');
  await expect(canonical).toHaveCount(0);

  // robots.txt and sitemap.xml are the server's, not the app's.
  await page.goto('/robots.txt');
  await expect(page.locator('body')).toContainText('Disallow: /media');
  await page.goto('/sitemap.xml');
  await expect(page.locator('body')).toContainText('/spotify-canvas-videos/releases');
  expect(await page.locator('#root').count()).toBe(0);
});
