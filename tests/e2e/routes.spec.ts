// Every route of the spec answers with its own screen: public routes signed out, signed-in
// routes sending a signed-out visitor to the login with the way back. One page loads the app at
// the first route and moves to the others inside it (a step per route), as the app's links do:
// a full load per route cost several times more. What the server sends for a fresh load of each
// address is tested in tests/api/seo.test.ts.
import { ROUTE_TABLE, samplePathOf } from '../../core/site/route-table';
import { expect, expectScreen, moveInApp, sampleParam, test } from './fixtures';

const publicRoutes = ROUTE_TABLE.filter((entry) => !entry.protected);
const signedInRoutes = ROUTE_TABLE.filter((entry) => entry.protected);

/** Screens whose sample parameter names nothing that exists, and say so in their heading. */
const NOT_FOUND_TITLES: Record<string, string> = {
  '/spotify-canvas-videos/releases/$releasePostId': 'Release post not found',
};

test('every public route shows its own screen at its own address', async ({ page }) => {
  test.setTimeout(150_000);
  for (const entry of publicRoutes) {
    const url = samplePathOf(entry.path, sampleParam);
    await test.step(`${url} shows "${NOT_FOUND_TITLES[entry.path] ?? entry.title}"`, async () => {
      if (entry === publicRoutes[0]) await page.goto(url);
      else await moveInApp(page, url);
      await expectScreen(page, NOT_FOUND_TITLES[entry.path] ?? entry.title);
      expect(new URL(page.url()).pathname).toBe(url);
    });
  }
});

test('every public title is distinct', () => {
  const titles = publicRoutes.map((entry) => entry.title);
  expect(new Set(titles).size).toBe(titles.length);
});

test.describe('redirects', () => {
  test('an unknown path lands on /404, which links home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expectScreen(page, 'Page Not Found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectScreen(page, 'Turn your music into videos');
  });

  test('/index.html lands on / and /how-to on /support', async ({ page }) => {
    await page.goto('/index.html');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectScreen(page, 'Turn your music into videos');
    await page.goto('/how-to');
    await expect(page).toHaveURL(/\/support$/);
    await expectScreen(page, 'Support');
  });
});

test('every signed-in route sends a signed-out visitor to the login, with the way back', async ({
  page,
}) => {
  test.setTimeout(150_000);
  for (const entry of signedInRoutes) {
    const url = samplePathOf(entry.path, sampleParam);
    await test.step(`${url} lands on /login`, async () => {
      if (entry === signedInRoutes[0]) await page.goto(url);
      else await moveInApp(page, url);
      await expect(page).toHaveURL((current) => current.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(url);
      await expectScreen(page, 'Log In');
    });
  }
});
