import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './fixtures';

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
    await saveScreenshot(page, 'home-wide-1280');
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
    await saveScreenshot(page, 'more-menu-wide-1280');
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

  test('Login opens a dialog at most 500 px wide with a way to log in', async ({ page }) => {
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Continue to log in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(dialog.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.width).toBeLessThanOrEqual(500);
    await saveScreenshot(page, 'login-dialog-wide-1280');
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
    await saveScreenshot(page, 'home-wide-1280-dark');
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
      await saveScreenshot(page, `home-narrow-${width}`);

      await bar.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Navigation' });
      await expect(drawer).toBeVisible();
      await expectMainLinks(drawer);
      await expect(drawer.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up');
      await saveScreenshot(page, `drawer-narrow-${width}`);

      await drawer.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
      await expect(drawer).toBeHidden();
      await saveScreenshot(page, `login-dialog-narrow-${width}`);
    });

    test('the drawer closes when a link is followed', async ({ page }) => {
      await page.goto('/');
      await header(page).getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Navigation' });
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
      await saveScreenshot(page, `tools-narrow-${width}-more-menu`);
    });
  });
}
