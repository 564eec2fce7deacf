// A keyboard-only run in Chromium: nothing but page.keyboard (Tab, Shift+Tab, Enter, Space, the
// arrows and typing) through signing up (the form, the terms, Create Account; the mailed
// verification link is visited by its address, as a mail client would open it), then the
// visualizer templates, one template's create screen (a track from this device through the file
// dialog that Enter opens, title, artist, shape) and Render video, up to the progress page.
import type { Locator, Page } from '@playwright/test';
import { listTemplates } from '../../core/render/renderer';
import { newEmail } from './account-helpers';
import { expect, expectScreen, test } from './fixtures';
import { linkOf, mailTo } from './mailbox';
import { shortTrack } from './render-helpers';

/** The file chosen from this device (shortTrack, made before the test). */
let TRACK = '';
const template = listTemplates('visualizer')[0]!;

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  TRACK = await shortTrack();
});
test.setTimeout(90_000);

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails when it
 * is not reached within `limit` presses (not in the tab order). The target may be visually hidden
 * itself (a segmented control's radio is drawn by its label).
 */
async function tabTo(page: Page, target: Locator, limit = 60, key = 'Tab'): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  expect(await isFocused(target), `${target} is reached with ${key}`).toBe(true);
}

test('sign up, verify and make a visualizer with the keyboard alone', async ({ page }) => {
  const email = newEmail('keyboard');
  const password = 'keyboard-pass-1';

  // The home page: the skip link is the first stop and leads past the top bar.
  await page.goto('/');
  await expectScreen(page, 'Turn your music into videos');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // Sign up: every field typed, the terms ticked with Space, the form sent with Enter.
  await page.goto('/sign-up');
  await expectScreen(page, 'Create Your Account');
  const form = page.getByRole('form', { name: 'Sign up' });
  await tabTo(page, form.getByLabel('Email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Re-type Password')).toBeFocused();
  await page.keyboard.type(password);
  const terms = form.getByRole('checkbox');
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  // The terms link opens the terms over the form; Escape closes them, the focus comes back.
  const termsLink = form.getByRole('link', { name: 'Terms of Service' });
  await tabTo(page, termsLink);
  await page.keyboard.press('Enter');
  const termsDialog = page.getByRole('dialog');
  await expect(termsDialog).toBeVisible();
  // The dialog takes the focus (a keyboard user reads it from there), then Escape.
  await expect
    .poll(() => termsDialog.evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(termsDialog).toBeHidden();
  await expect(termsLink).toBeFocused();
  const create = form.getByRole('button', { name: 'Create Account' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verification-email')).toHaveText(email);

  // The verification link from the mail, opened by its address.
  await page.goto(linkOf(await mailTo(email)));
  await expectScreen(page, 'Verify Your Email');
  await expect(page.getByText('Your Email Has Been Verified')).toBeVisible();

  // The visualizer templates: the template's Create link, followed with Enter.
  await page.goto('/audio-reactive-music-visualizers');
  await expectScreen(page, 'Audio-Reactive Music Visualizers');
  await tabTo(page, page.getByRole('link', { name: `Create with ${template.title}` }).first(), 80);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/audio-reactive-music-visualizers/create/${template.name}$`),
  );
  await expectScreen(page, 'Create a Music Visualizer');

  // A track from this device: Enter on the button opens the file dialog. The wait for the dialog
  // starts before the Tabs: Playwright turns on its catching of file dialogs in the browser while
  // the test goes on, and an Enter pressed at once reached the page first on a busy CI machine
  // (the dialog then opened uncaught, and the wait timed out).
  const chooserOpens = page.waitForEvent('filechooser', { timeout: 60_000 });
  await tabTo(page, page.getByRole('button', { name: 'Use a file from this device' }));
  await page.keyboard.press('Enter');
  const chooser = await chooserOpens;
  await chooser.setFiles(TRACK);
  await expect(page.getByTestId('audio-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 30_000,
  });

  // Title and artist typed; the shape moved to square with the arrow keys.
  const title = page.getByRole('textbox', { name: 'Title' });
  await tabTo(page, title);
  await page.keyboard.type('Night Drive');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Artist' })).toBeFocused();
  await page.keyboard.type('The Keyboardists');
  const shape = page.getByRole('radiogroup', { name: 'Shape' });
  await tabTo(page, shape.getByRole('radio', { checked: true }));
  await page.keyboard.press('ArrowRight');
  await expect(shape.getByRole('radio', { name: '1:1' })).toBeChecked();
  await expect(page.getByText('1080 × 1080 pixels')).toBeVisible();
  // Back to the title with Shift+Tab: what was typed is still there.
  await tabTo(page, title, 60, 'Shift+Tab');
  await expect(title).toHaveValue('Night Drive');

  // Render video, pressed with Enter: the render is accepted and its progress page shows.
  await tabTo(page, page.getByRole('button', { name: 'Render video' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/audio-reactive-music-visualizers\/progress\/[0-9a-f-]{36}$/, {
    timeout: 60_000,
  });
  await expectScreen(page, 'Visualizer Render Progress');
  await expect(page.getByTestId('render-status-card')).toBeVisible();
});
