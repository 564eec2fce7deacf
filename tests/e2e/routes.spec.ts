import { ROUTE_TABLE, samplePathOf } from '../../src/routes/route-table';
import { expect, expectScreen, sampleParam, test } from './fixtures';

const publicRoutes = ROUTE_TABLE.filter((entry) => !entry.protected);
const signedInRoutes = ROUTE_TABLE.filter((entry) => entry.protected);

test.describe('public routes', () => {
  for (const entry of publicRoutes) {
    test(`${entry.path} shows "${entry.title}"`, async ({ page }) => {
      const url = samplePathOf(entry.path, sampleParam);
      await page.goto(url);
      await expectScreen(page, entry.title);
      expect(new URL(page.url()).pathname).toBe(url);
      const placeholder = (await page.getByTestId('coming-soon').count()) > 0;
      if (url !== entry.path && placeholder) {
        // Parameter routes not built yet show the parameters they were given (built ones use them:
        // their own specs cover that).
        for (const match of entry.path.matchAll(/\$(\w+)/g)) {
          const name = match[1] as string;
          await expect(page.getByTestId('route-params')).toContainText(
            `${name}: ${sampleParam(name)}`,
          );
        }
      }
    });
  }

  test('every public title is distinct', () => {
    const titles = publicRoutes.map((entry) => entry.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
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

  test('/index.html lands on /', async ({ page }) => {
    await page.goto('/index.html');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectScreen(page, 'Turn your music into videos');
  });

  test('/how-to lands on /support', async ({ page }) => {
    await page.goto('/how-to');
    await expect(page).toHaveURL(/\/support$/);
    await expectScreen(page, 'Support');
  });
});

test.describe('signed-in routes visited signed out', () => {
  for (const entry of signedInRoutes) {
    test(`${entry.path} lands on /login`, async ({ page }) => {
      const url = samplePathOf(entry.path, sampleParam);
      await page.goto(url);
      await expect(page).toHaveURL((current) => current.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(url);
      await expectScreen(page, 'Log In');
    });
  }

  test('/pricing-paddle and /checkout-pay ask for a login like /pricing and /checkout', async ({
    page,
  }) => {
    for (const path of ['/pricing', '/pricing-paddle', '/checkout', '/checkout-pay']) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
      await expectScreen(page, 'Log In');
    }
  });
});

test('a placeholder, the tools and the 404 page show their headings', async ({ page }) => {
  for (const path of [
    '/audio-reactive-music-visualizers/create/nebula',
    '/tools',
    '/404',
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});
