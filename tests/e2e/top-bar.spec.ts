import type { Page } from '@playwright/test';
import { signUpThroughApi } from './account-helpers';
import { expect, test, waitUntilSettled } from './fixtures';

const header = (page: Page) => page.locator('header');

async function expectMainLinks(scope: ReturnType<Page['locator']>) {
  await expect(scope.getByRole('link', { name: 'Music Visualizers' })).toHaveAttribute(
    'href',
    '/music-visualizer-creator',
  );
  await expect(scope.getByRole('link', { name: 'Static Music Videos' })).toHaveAttribute(
    'href',
    '/single-frame-music-video-templates',
  );
  await expect(scope.getByRole('link', { name: 'Spotify Canvas Videos' })).toHaveAttribute(
    'href',
    '/spotify-canvas-video-templates',
  );
}

test.describe('wide top bar (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows every signed-out item', async ({ page }) => {
    await page.goto('/');
    const bar = header(page);
    await expect(bar.getByRole('link', { name: 'Waveframe home' })).toHaveAttribute('href', '/');
    await expectMainLinks(bar);
    await expect(bar.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    await expect(bar.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'More' })).toBeVisible();
    // Signed out: no account menu, no Upgrade, no burger.
    await expect(bar.getByRole('button', { name: 'My Account' })).toHaveCount(0);
    await expect(bar.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
    await expect(bar.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
  });

  test('the logo leads home and the links lead to their screens', async ({ page }) => {
    await page.goto('/faq');
    await header(page).getByRole('link', { name: 'Static Music Videos' }).click();
    await expect(page).toHaveURL(/\/single-frame-music-video-templates$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Static Music Video Templates',
    );
    await header(page).getByRole('link', { name: 'Waveframe home' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('the More menu opens on click and lists its items', async ({ page }) => {
    await page.goto('/');
    await header(page).getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    for (const [name, href] of [
      ['FAQ', '/faq'],
      ['Support', '/support'],
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ] as const) {
      await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
    await expect(menu).toContainText(`© ${new Date().getFullYear()} Waveframe`);
    await menu.getByRole('menuitem', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  });

  test('the More menu opens on hover after a delay and from the keyboard', async ({ page }) => {
    await page.goto('/');
    const more = header(page).getByRole('button', { name: 'More' });
    await more.hover();
    await expect(page.getByRole('menuitem', { name: 'FAQ' })).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(page.getByRole('menu')).toBeHidden();

    await more.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Support' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('Login opens a dialog at most 500 px wide holding the login panel', async ({ page }) => {
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'LOG IN' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'LOGIN' })).toBeDisabled();
    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.width).toBeLessThanOrEqual(500);
    await waitUntilSettled(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the colour scheme toggle switches between light and dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await header(page).getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await header(page).getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  test('follows the system dark preference', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/tools');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('a skip link jumps past the top bar', async ({ page }) => {
    await page.goto('/faq');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
  });
});

for (const width of [800, 390]) {
  test.describe(`narrow top bar (${width} px)`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a burger opens a drawer with every signed-out item', async ({ page }) => {
      await page.goto('/');
      const bar = header(page);
      await expect(bar.getByRole('link', { name: 'Waveframe home' })).toBeVisible();
      await expect(bar.getByRole('button', { name: 'More' })).toBeVisible();
      // The links moved into the drawer.
      await expect(bar.getByRole('link', { name: 'Static Music Videos' })).toHaveCount(0);
      await expect(bar.getByRole('button', { name: 'Login' })).toHaveCount(0);

      await bar.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Waveframe navigation' });
      await expect(drawer).toBeVisible();
      await expectMainLinks(drawer);
      await expect(drawer.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
        'href',
        '/sign-up',
      );
      await waitUntilSettled(drawer);

      await drawer.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
      await expect(drawer).toBeHidden();
      await waitUntilSettled(page.getByRole('dialog', { name: 'Log In' }));
    });

    test('the drawer closes when a link is followed', async ({ page }) => {
      await page.goto('/');
      await header(page).getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Waveframe navigation' });
      await drawer.getByRole('link', { name: 'Spotify Canvas Videos' }).click();
      await expect(page).toHaveURL(/\/spotify-canvas-video-templates$/);
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Spotify Canvas Video Templates',
      );
    });

    test('the More menu works here too', async ({ page }) => {
      await page.goto('/tools');
      await header(page).getByRole('button', { name: 'More' }).click();
      await expect(page.getByRole('menuitem', { name: 'Privacy Policy' })).toBeVisible();
    });
  });
}

// The past-due warning and 'Issue Detected' need a past-due plan, which only payments make:
// checkout.spec.ts shows them after a failed renewal (and component tests cover them too).
test.describe('signed in', () => {
  test('wide: My Account menu with the credits, and Upgrade for free_tier', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpThroughApi(page, { tag: 'top-bar', password: 'secret-pass-1', verified: false });
    await page.goto('/media');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Media');
    const bar = header(page);
    await expect(bar.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    await expect(bar.getByRole('link', { name: 'Payment issue: review your plan' })).toHaveCount(0);
    await bar.getByRole('button', { name: 'My Account' }).click();
    const menu = page.getByRole('menu');
    for (const name of [
      'My Media',
      'My Profile',
      'Visualizer Credits: 3',
      'Canvas Quota: 4',
      'Logout',
    ]) {
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    }
    await waitUntilSettled(menu);
  });

  test('narrow: the drawer shows the account items', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpThroughApi(page, { tag: 'top-bar', password: 'secret-pass-1', verified: false });
    await page.goto('/media/audio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Audio');
    await header(page).getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Waveframe navigation' });
    for (const name of ['My Media', 'My Profile', 'Upgrade']) {
      await expect(drawer.getByRole('link', { name })).toBeVisible();
    }
    await expect(drawer.getByRole('link', { name: 'Issue Detected' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
    await waitUntilSettled(drawer);
  });
});

test('a user who signs up through the API sees the signed-in shell and can log out', async ({
  page,
}) => {
  const email = await signUpThroughApi(page, {
    tag: 'top-bar',
    password: 'secret-pass-1',
    verified: false,
  });
  await page.goto('/media/images');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Images');
  const bar = header(page);
  await expect(bar.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  await bar.getByRole('button', { name: 'My Account' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(email);
  await expect(menu.getByRole('menuitem', { name: /^Visualizer Credits: \d+$/ })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You Have Logged Out')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Login' })).toBeVisible();
  // Signed out again: the guard sends protected routes to /login.
  await page.goto('/media');
  await expect(page).toHaveURL('/login?redirect=%2Fmedia');
});
