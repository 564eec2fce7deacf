import type { Locator, Page } from '@playwright/test';
import { expectNoSecretsShown, newEmail, sessionIdOf, signUpThroughApi } from './account-helpers';
import { expect, expectFailedCalls, expectScreen, test, waitUntilSettled } from './fixtures';
import { codeOf, linkOf, mailTo } from './mailbox';

// Every sign-up counts against the server's limit of 20 per hour and address, and all of these
// come from 127.0.0.1: this file signs up 6 accounts (top-bar.spec.ts 3 more).

const header = (page: Page) => page.locator('header');

/** Another 6-digit code than the right one. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function fillSignUp(form: Locator, email: string, password: string) {
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Re-type Password', { exact: true }).fill(password);
  await form.getByRole('checkbox').check();
}

async function logIn(scope: Locator, email: string, password: string) {
  const form = scope.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'LOGIN' }).click();
}

/** How many attribution records the browser database holds (the device's own record). */
function attributionRecords(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('waveframe');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('attribution').objectStore('attribution').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

test.describe('wide (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('sign up, a wrong code, the right code: on /media; log out and log in again', async ({
    page,
  }) => {
    expectFailedCalls(page, '/api/account/verify-email-code');
    const email = newEmail('signup');
    const password = 'first-secret-1';

    await page.goto('/sign-up');
    await expectScreen(page, 'Create Your Account');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = page.getByRole('form', { name: 'Sign up' });

    // The field rules, then the terms in their dialog.
    await form.getByLabel('Email', { exact: true }).fill('fan@gmial.com');
    await form.getByLabel('Password', { exact: true }).fill('abc');
    await form.getByLabel('Re-type Password', { exact: true }).fill('abd');
    await form.getByLabel('Re-type Password', { exact: true }).blur();
    await expect(form.getByText('Email Invalid')).toBeVisible();
    await expect(form.getByText('Min 5 characters')).toBeVisible();
    await expect(form.getByText('Password Must Match')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Create Account' })).toBeDisabled();

    await form.getByRole('link', { name: 'Terms of Service' }).click();
    const terms = page.getByRole('dialog', { name: 'Waveframe Terms of Service' });
    await expect(terms).toBeVisible();
    await expect(form.getByRole('checkbox')).not.toBeChecked();
    await waitUntilSettled(terms);
    await terms.getByRole('button', { name: 'Close' }).click();
    await expect(terms).toBeHidden();

    await fillSignUp(form, email, password);
    await form.getByRole('button', { name: 'Create Account' }).click();

    // The verification step replaces the form.
    await expect(page.getByRole('heading', { name: 'One Last Step' })).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('verification-email')).toHaveText(email);
    await page.getByRole('button', { name: "Didn't receive an email?" }).click();
    await expect(page.getByText(/^Resend available in \d+ seconds$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Email' })).toBeDisabled();
    await expect(page.getByText(/after five minutes/)).toBeVisible();

    const code = codeOf(await mailTo(email));
    const codeField = page.getByRole('textbox', { name: 'Verification Code' });
    await codeField.fill(wrongCodeFor(code));
    await page.getByRole('button', { name: 'Submit Code' }).click();
    await expect(page.getByText('The Code You Entered Is Invalid')).toBeVisible();

    await codeField.fill(code);
    await page.getByRole('button', { name: 'Submit Code' }).click();
    await expect(page.getByText('Email Verified!')).toBeVisible();
    await expect(page).toHaveURL(/\/media$/);
    await expectScreen(page, 'My Media');
    await expect(header(page).getByRole('button', { name: 'My Account' })).toBeVisible();
    await expectNoSecretsShown(page, [password, (await sessionIdOf(page)) ?? '']);
    expect(await attributionRecords(page)).toBe(1);

    // Log out: back on /login, the user record gone, the device's attribution kept.
    await header(page).getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('You Have Logged Out')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('waveframe.user'))).toBeNull();
    expect(await attributionRecords(page)).toBe(1);

    await logIn(page.getByTestId('auth-panel'), email, password);
    await expect(page.getByText('Welcome Back!')).toBeVisible();
    await expect(page).toHaveURL(/\/media$/);
    await expectNoSecretsShown(page, [password, (await sessionIdOf(page)) ?? '']);
  });

  test("the Login dialog: both tabs; a failed log-in warns and offers 'Forgot Password?'", async ({
    page,
  }) => {
    expectFailedCalls(page, '/api/auth/log-in');
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await expect(dialog.getByRole('tab', { name: 'LOG IN' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByRole('button', { name: 'LOGIN' })).toBeDisabled();
    await waitUntilSettled(dialog);

    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    const signUpDialog = page.getByRole('dialog', { name: 'Create Account' });
    await expect(signUpDialog.getByRole('form', { name: 'Sign up' })).toBeVisible();
    await signUpDialog.getByRole('tab', { name: 'LOG IN' }).click();

    await expect(dialog.getByRole('link', { name: 'Forgot Password?' })).toHaveCount(0);
    await logIn(dialog, newEmail('nobody'), 'not the password');
    const warning = dialog.getByRole('alert');
    await expect(warning).toHaveText('Email and/or Password Invalid');
    await expect(dialog.locator('.mantine-Button-loader')).toHaveCount(0);
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await expect(warning).toBeHidden();

    await dialog.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(dialog).toBeHidden();
    await expectScreen(page, 'Forgot Password');
  });

  test('a password reset through the mailed link, then a log-in with the new password', async ({
    page,
  }) => {
    expectFailedCalls(page, '/api/auth/log-in');
    const oldPassword = 'old-secret-1';
    const newPassword = 'new-secret-2';
    const email = await signUpThroughApi(page, {
      tag: 'reset',
      password: oldPassword,
      verified: true,
    });
    await page.context().clearCookies(); // signed out

    await page.goto('/forgot-password');
    await expectScreen(page, 'Forgot Password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();
    await expect(page.getByText(/If an account exists for/)).toContainText(email);

    const mail = await mailTo(email, 2); // the first was the verification code
    expect(mail.subject).toBe('Reset your Waveframe password');
    await page.goto(linkOf(mail));
    await expectScreen(page, 'Reset Password');
    const save = page.getByRole('button', { name: 'Save New Password' });
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Re-type New Password', { exact: true }).fill('new-secret-X');
    await expect(save).toBeDisabled();
    await page.getByLabel('Re-type New Password', { exact: true }).fill(newPassword);
    await save.click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Your password was changed. Log in with your new password.'),
    ).toBeVisible();
    const panel = page.getByTestId('auth-panel');
    await logIn(panel, email, oldPassword);
    await expect(panel.getByRole('alert')).toHaveText('Email and/or Password Invalid');
    await logIn(panel, email, newPassword);
    await expect(page.getByText('Welcome Back!')).toBeVisible();
    await expect(page).toHaveURL(/\/media$/);
    await expectNoSecretsShown(page, [oldPassword, newPassword]);
  });

  test('account deletion with a mailed code removes the account; a log-in then fails', async ({
    page,
  }) => {
    expectFailedCalls(page, '/api/auth/log-in', '/api/account/confirm-account-deletion');
    const password = 'delete-me-1';
    const email = await signUpThroughApi(page, { tag: 'delete', password, verified: true });

    await page.goto('/account');
    await page.getByRole('link', { name: /Permanently Delete Account/ }).click();
    await expect(page).toHaveURL(/\/account\/permanently-delete$/);
    await expectScreen(page, 'Delete Account');

    await page.getByRole('button', { name: 'Email Me a Deletion Code' }).click();
    await expect(page.getByTestId('deletion-pending')).toContainText(email);
    const code = codeOf(await mailTo(email, 2));
    const confirm = page.getByRole('button', { name: 'Permanently Delete Account' });
    await expect(confirm).toBeDisabled();
    await page.getByLabel('Deletion Code').fill(wrongCodeFor(code));
    await confirm.click();
    await expect(page.getByText('The Code You Entered Is Invalid')).toBeVisible();

    // The pending deletion is still shown after a reload.
    await page.reload();
    await expect(page.getByTestId('deletion-pending')).toBeVisible();
    await page.getByLabel('Deletion Code').fill(code);
    await confirm.click();

    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByText('Your account and everything in it were deleted.')).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('waveframe.user'))).toBeNull();

    await header(page).getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await logIn(dialog, email, password);
    await expect(dialog.getByRole('alert')).toHaveText('Email and/or Password Invalid');
  });

  test('the profile: names, a password mail, a new address confirmed by link, e-mail preferences', async ({
    page,
  }) => {
    const password = 'profile-pass-1';
    const email = await signUpThroughApi(page, { tag: 'profile', password, verified: true });

    await page.goto('/account');
    await expectScreen(page, 'My Profile');
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('Visualizer Credits')).toBeVisible();

    const username = `artist${Date.now()}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();

    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(
      page.getByText(`We emailed ${email} a link to choose a new password.`),
    ).toBeVisible();
    expect((await mailTo(email, 2)).subject).toBe('Reset your Waveframe password');

    const moved = newEmail('moved');
    await page.getByLabel('New Email Address').fill(`  ${moved.toUpperCase()} `);
    await page.getByRole('button', { name: 'Change Email' }).click();
    await expect(page.getByText(`Sent Verification Email to ${moved}`)).toBeVisible();
    await page.goto(linkOf(await mailTo(moved)));
    await expectScreen(page, 'Confirm Email Change');
    await expect(page.getByText(/You now log in with/)).toContainText(moved);
    await page.getByRole('link', { name: 'Go to My Profile' }).click();
    await expect(page.getByTestId('profile-email')).toHaveText(moved);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username);

    await page.getByRole('link', { name: /Email Preferences/ }).click();
    await expectScreen(page, 'Email Preferences');
    const news = page.getByRole('switch', { name: /Product news/ });
    const wasOn = await news.isChecked();
    await news.click({ force: true });
    await expect(news).toBeChecked({ checked: !wasOn });
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page).toHaveURL(/\/account\/modify-email-prefs-success$/);
    await expectScreen(page, 'Email Preferences Saved');
    await page.getByRole('link', { name: 'Review Preferences' }).click();
    await expect(page.getByRole('switch', { name: /Product news/ })).toBeChecked({
      checked: !wasOn,
    });
    await expectNoSecretsShown(page, [password, (await sessionIdOf(page)) ?? '']);
  });

  test('the panel in the dark colour scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expectScreen(page, 'Log In');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('the mailed verification link verifies the address, signed out too', async ({ page }) => {
    const email = await signUpThroughApi(page, {
      tag: 'link',
      password: 'link-pass-1',
      verified: false,
    });
    await page.context().clearCookies();
    await page.goto(linkOf(await mailTo(email)));
    await expectScreen(page, 'Verify Your Email');
    await expect(page.getByText('Your Email Has Been Verified')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toBeVisible();
  });
});

test.describe('narrow (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a mistyped address is fixed from the verification step; the new code verifies', async ({
    page,
  }) => {
    const mistyped = newEmail('mistyped');
    const fixed = newEmail('fixed');
    const password = 'narrow-pass-1';

    await page.goto('/login');
    await expectScreen(page, 'Log In');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expectScreen(page, 'Create Your Account');
    const form = page.getByRole('form', { name: 'Sign up' });
    const panel = await page.getByTestId('auth-panel').boundingBox();
    expect(panel?.width).toBeGreaterThanOrEqual(350);

    await form.getByRole('link', { name: 'Terms of Service' }).click();
    const terms = page.getByRole('dialog', { name: 'Waveframe Terms of Service' });
    await waitUntilSettled(terms);
    const termsBox = await terms.boundingBox();
    expect(termsBox?.width).toBe(390); // full screen on a phone
    await terms.getByRole('button', { name: 'Close' }).click();

    await fillSignUp(form, mistyped, password);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'One Last Step' })).toBeVisible();
    await expect(page.getByTestId('verification-email')).toHaveText(mistyped);
    await page.getByRole('button', { name: "Didn't receive an email?" }).click();
    await expect(page.getByText(/^Resend available in \d+ seconds$/)).toBeVisible();

    await page.getByRole('button', { name: 'Mistyped Your Email?' }).click();
    await expect(page.getByRole('button', { name: 'Enter Code' })).toBeVisible();
    const change = page.getByRole('form', { name: 'Change email' });
    await change.getByLabel('Email Address').fill(`  ${fixed.toUpperCase()} `);
    await change.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`Sent Verification Email to ${fixed}`)).toBeVisible();
    await expect(page.getByTestId('verification-email')).toHaveText(fixed);
    await expect(page.getByText(/^Resend available in (59|60) seconds$/)).toBeVisible();

    await page
      .getByRole('textbox', { name: 'Verification Code' })
      .fill(codeOf(await mailTo(fixed)));
    await page.getByRole('button', { name: 'Submit Code' }).click();
    await expect(page.getByText('Email Verified!')).toBeVisible();
    await expect(page).toHaveURL(/\/media$/);
    await expectNoSecretsShown(page, [password, (await sessionIdOf(page)) ?? '']);

    await page.goto('/account');
    await expect(page.getByTestId('profile-email')).toHaveText(fixed);
  });

  test('the Login dialog fits a phone', async ({ page }) => {
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Open navigation' }).click();
    await page
      .getByRole('dialog', { name: 'Waveframe navigation' })
      .getByRole('button', { name: 'Login' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Log In' });
    await waitUntilSettled(dialog);
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    expect((await dialog.getByTestId('auth-panel').boundingBox())?.width).toBeGreaterThanOrEqual(
      350,
    );
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
  });
});
