import type { Page } from '@playwright/test';
import { signUpThroughApi } from './account-helpers';
import { expect, expectScreen, test, waitUntilSettled } from './fixtures';

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

// One page per viewport walks every item of the bar (a fresh page for each item cost more than
// the checks themselves): the wide bar, then the narrow one at a tablet and a phone width.
test('wide top bar (1280 px): every signed-out item, its links, menus, login and colour scheme', async ({
  page,
}) => {
  // Follows the system's dark preference, and a skip link jumps past the bar.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/faq');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // The first Tab once the page is there, as a person presses it: the screen's code loads after
  // the shell's, and a Tab pressed before the page is drawn focuses nothing.
  await expectScreen(page, 'Frequently Asked Questions');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  // The links lead to their screens and the logo home.
  await header(page).getByRole('link', { name: 'Static Music Videos' }).click();
  await expect(page).toHaveURL(/\/single-frame-music-video-templates$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Static Music Video Templates');
  await header(page).getByRole('link', { name: 'Waveframe home' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  // Every signed-out item; no account menu, no Upgrade, no burger.
  const bar = header(page);
  await expect(bar.getByRole('link', { name: 'Waveframe home' })).toHaveAttribute('href', '/');
  await expectMainLinks(bar);
  await expect(bar.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    '/sign-up',
  );
  await expect(bar.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'More' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'My Account' })).toHaveCount(0);
  await expect(bar.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);

  // The More menu opens on hover after a delay, and from the keyboard.
  const more = bar.getByRole('button', { name: 'More' });
  await more.hover();
  await expect(page.getByRole('menuitem', { name: 'FAQ' })).toBeVisible();
  await page.mouse.move(640, 600);
  await expect(page.getByRole('menu')).toBeHidden();
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Support' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  // Login opens a dialog at most 500 px wide holding the login panel.
  await bar.getByRole('button', { name: 'Login' }).click();
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

  // The colour scheme toggle switches between light and dark.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await bar.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await bar.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  // The More menu opens on click, lists its items and leads to them.
  await more.click();
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

for (const width of [800, 390]) {
  test(`narrow top bar (${width} px): the burger's drawer and the More menu`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    // The More menu works here too.
    await page.goto('/tools');
    const bar = header(page);
    await bar.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: 'Privacy Policy' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    // A burger opens a drawer with every signed-out item.
    await bar.getByRole('link', { name: 'Waveframe home' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
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
    await expect(drawer.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up');
    await waitUntilSettled(drawer);
    await drawer.getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Log In' });
    await expect(login).toBeVisible();
    await expect(drawer).toBeHidden();
    await waitUntilSettled(login);
    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();

    // The drawer closes when a link is followed.
    await bar.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.getByRole('link', { name: 'Spotify Canvas Videos' }).click();
    await expect(page).toHaveURL(/\/spotify-canvas-video-templates$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Spotify Canvas Video Templates',
    );
  });
}

// The past-due warning and 'Issue Detected' need a past-due plan, which only payments make:
// checkout.spec.ts shows them after a failed renewal (and component tests cover them too).
test('signed in: the account menu (wide), the drawer (narrow), then logging out', async ({
  page,
}) => {
  const email = await signUpThroughApi(page, {
    tag: 'top-bar',
    password: 'secret-pass-1',
    verified: false,
  });
  // Wide: My Account menu with the credits, and Upgrade for free_tier.
  await page.goto('/media');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Media');
  const bar = header(page);
  await expect(bar.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
  await expect(bar.getByRole('link', { name: 'Payment issue: review your plan' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'My Account' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(email);
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
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Narrow: the drawer shows the account items.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/media/audio');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Audio');
  await bar.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Waveframe navigation' });
  for (const name of ['My Media', 'My Profile', 'Upgrade']) {
    await expect(drawer.getByRole('link', { name })).toBeVisible();
  }
  await expect(drawer.getByRole('link', { name: 'Issue Detected' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
  await waitUntilSettled(drawer);

  // Wide again: log out from the menu.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/media/images');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Images');
  await bar.getByRole('button', { name: 'My Account' }).click();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You Have Logged Out')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Login' })).toBeVisible();
  // Signed out again: the guard sends protected routes to /login.
  await page.goto('/media');
  await expect(page).toHaveURL('/login?redirect=%2Fmedia');
});
