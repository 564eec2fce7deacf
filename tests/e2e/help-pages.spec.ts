import { readOutbox } from '../support/outbox';
import { waitFor } from '../support/wait-for';
import { expect, test } from './fixtures';

const SUPPORT_EMAIL = 'support@waveframe.localhost';
const SHOTS = process.env.HELP_PAGES_SHOTS_DIR;

test('the FAQ opens by keyboard and by its anchors', async ({ page }) => {
  await page.goto('/faq#refunds');
  const refunds = page.getByRole('button', { name: 'What if a render fails?' });
  await expect(refunds).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('You get its credit back, automatically, once.')).toBeVisible();

  const first = page.getByRole('button', { name: 'Which audio files can I upload?' });
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: 'Which images can I use?' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Which images can I use?' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/faq.png`, fullPage: true });
});

test('the privacy policy’s contents lead to its sections', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Contents' })
    .getByRole('link', { name: 'Cookies' })
    .click();
  await expect(page).toHaveURL(/\/privacy#cookies$/);
  await expect(page.getByRole('heading', { level: 2, name: /Cookies/ })).toBeInViewport();
  if (SHOTS) {
    await page.goto('/privacy');
    await page.screenshot({ path: `${SHOTS}/privacy.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/terms');
    await page.screenshot({ path: `${SHOTS}/terms-phone.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/support');
    await page.screenshot({ path: `${SHOTS}/support.png`, fullPage: true });
    await page.goto('/integrations');
    await page.screenshot({ path: `${SHOTS}/integrations.png`, fullPage: true });
    await page.goto('/about');
    await page.screenshot({ path: `${SHOTS}/about.png`, fullPage: true });
  }
});

test('a signed-out visitor’s message reaches the support address with their Reply-To', async ({
  page,
}) => {
  const email = `visitor${Date.now()}@example.com`;
  await page.goto('/support/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please tell us your name')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contact-errors.png`, fullPage: true });

  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Topic').selectOption('youtube');
  await page.getByLabel('Message').fill('My upload to YouTube stopped at 40 %.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toContainText('Message sent');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/contact-sent.png` });

  const dataDir = process.env.WAVEFRAME_E2E_DATA_DIR!;
  const mail = await waitFor(
    `the support mail from ${email}`,
    async () =>
      (await readOutbox(dataDir, SUPPORT_EMAIL)).find((candidate) =>
        candidate.text.includes(email),
      ),
    20_000,
    100,
  );
  expect(mail.raw).toContain(`Reply-To: ${email}`);
  expect(mail.subject).toContain('Publishing to YouTube');
});
