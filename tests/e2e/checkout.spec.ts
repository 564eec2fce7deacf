// Paying for a plan (issue 12): a signed-in free user chooses a plan on /pricing, pays through
// the card form on /checkout (or in the overlay checkout on /pricing-paddle), lands on /plan-activated with the plan's credits and without the
// Upgrade link, and runs the plan from /account/plan: card, invoices, a failed renewal (Issue
// Detected) paid, cancel and reactivate, a change of plan. The app's server talks to the local
// Stripe API server (tests/support/stripe-stand-in.ts, started by playwright.config.ts), which
// sends the webhooks that confirm each payment; Stripe.js is answered by a stand-in script in the
// browser (stripe-js-stand-in.ts).
import type { Page } from '@playwright/test';
import { findPlan, formatPrice } from '../../core/plans/catalogue';
import {
  ALREADY_SUBSCRIBED,
  INVOICE_PAID,
  PLAN_CANCELLED,
  PLAN_REACTIVATED,
} from '../../src/features/plans';
import { STRIPE_STAND_IN_URL } from '../support/e2e-servers';
import { PADDLE_PRICES } from '../support/paddle-stand-in';
import {
  AUTHENTICATION_FAILED,
  FAIL_RENEWAL_PATH,
  RENEW_PATH,
  SUBSCRIPTIONS_PATH,
} from '../support/stripe-stand-in';
import { signUpThroughApi } from './account-helpers';
import { expect, expectFailedCalls, expectScreen, test } from './fixtures';
import { PREVIEW_TEXT, servePaddleJs } from './paddle-js-stand-in';
import { CHALLENGE_NAME, serveStripeJs, TEST_CARDS } from './stripe-js-stand-in';

const creator = findPlan('plan_tier_one_monthly')!;
const yearly = findPlan('plan_tier_one_yearly')!;
const free = findPlan('free_tier')!;

// The Stripe.js stand-in is answered by the page's routes, which a service worker would bypass.
test.use({ serviceWorkers: 'block', locale: 'en-US' });

const header = (page: Page) => page.getByRole('banner');

async function typeCard(page: Page, number: string) {
  const field = page.getByTestId('card-field');
  await field.getByLabel('Card number').fill(number);
  await field.getByLabel('MM / YY').fill('12 / 34');
  await field.getByLabel('CVC').fill('123');
}

test('a free user pays by card, gets the plan, and runs it from My Plan', async ({ page }) => {
  test.setTimeout(90_000);
  const stripeJs = await serveStripeJs(page.context());
  const email = await signUpThroughApi(page, {
    tag: 'checkout',
    password: 'checkout-pass-1',
    verified: true,
  });

  await page.goto('/pricing');
  await expectScreen(page, 'Pricing');
  expect(stripeJs.loads(), 'Stripe.js loads only on a screen with a card form').toBe(0);
  await page.getByRole('link', { name: `Choose ${creator.title}`, exact: true }).click();
  await expectScreen(page, 'Checkout');
  await expect(page).toHaveURL(/\/checkout\?plan=plan_tier_one_monthly$/);
  await expect(page.getByTestId('checkout-amount')).toHaveText(
    formatPrice(creator.prices.USD, 'USD'),
  );
  const pay = page.getByRole('button', { name: 'Pay and start the plan' });
  await expect(pay).toBeDisabled();

  // A declined card: Stripe's reason, nothing charged, the form stays.
  expectFailedCalls(page, '/confirm');
  await typeCard(page, TEST_CARDS.declined);
  await pay.click();
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout/);
  expect(stripeJs.loads()).toBe(1);

  await typeCard(page, TEST_CARDS.visa);
  await page.screenshot({ path: test.info().outputPath('checkout.png'), fullPage: true });
  await pay.click();
  await expectScreen(page, 'Plan Activated');
  await expect(page.getByText(`${creator.title} is active`)).toBeVisible();
  const credits = page.getByTestId('activated-credits');
  await expect(credits).toContainText(`${free.vizCredits + creator.vizCredits} visualizer credits`);
  await expect(header(page).getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('plan-activated.png'), fullPage: true });

  // A second subscription is refused before any card form.
  await page.goto('/checkout?plan=plan_unlimited_monthly');
  await expect(page.getByText(ALREADY_SUBSCRIBED)).toBeVisible();

  await page.goto('/account/plan');
  await expectScreen(page, 'My Plan');
  const plan = page.getByTestId('plan-card');
  await expect(plan.getByText('Active')).toBeVisible();
  await expect(page.getByTestId('period-end')).toContainText('Renews on');
  await expect(page.getByTestId('payment-method')).toHaveText(/Visa ending in 4242/);
  await expect(page.getByTestId('invoices').getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('invoices')).toContainText('Paid');

  // A renewal fails: the top bar warns, My Plan says Issue Detected, paying clears it.
  const failed = await page.request.post(
    `${STRIPE_STAND_IN_URL}${FAIL_RENEWAL_PATH}?email=${encodeURIComponent(email)}`,
  );
  expect(failed.status()).toBe(200);
  const warning = header(page).getByRole('link', { name: 'Payment issue: review your plan' });
  await expect(async () => {
    await page.goto('/media');
    await expect(warning).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('past-due-top-bar.png') });
  // On a narrow screen the drawer says Issue Detected, and leads to the plan too.
  await page.setViewportSize({ width: 390, height: 800 });
  await header(page).getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Waveframe navigation' });
  await expect(drawer.getByRole('link', { name: 'Issue Detected' })).toHaveAttribute(
    'href',
    '/account/plan',
  );
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
  await warning.click();
  await expectScreen(page, 'My Plan');
  const issue = page.getByTestId('past-due');
  await expect(issue).toContainText('Issue Detected');
  await page.screenshot({ path: test.info().outputPath('past-due-plan.png'), fullPage: true });
  await issue
    .getByRole('button', { name: `Pay ${formatPrice(creator.prices.USD, 'USD')} now` })
    .click();
  await expect(page.getByText(INVOICE_PAID)).toBeVisible({ timeout: 20_000 });
  await expect(issue).toHaveCount(0);
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId('invoices').getByRole('row')).toHaveCount(3);

  // Cancel keeps the plan to the period's end; reactivate undoes it.
  await plan.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(PLAN_CANCELLED)).toBeVisible();
  await expect(page.getByTestId('period-end')).toContainText('Ends on');
  await plan.getByRole('button', { name: 'Reactivate plan' }).click();
  await expect(page.getByText(PLAN_REACTIVATED)).toBeVisible();
  await expect(page.getByTestId('period-end')).toContainText('Renews on');

  // A change of plan starts with the next period.
  await plan.getByRole('link', { name: 'Change plan' }).click();
  await expectScreen(page, 'Change Plan');
  await expect(page.getByTestId(`change-${creator.id}`)).toHaveCount(0);
  await page.getByRole('button', { name: `Switch to ${yearly.title}` }).click();
  await expect(page.getByRole('status')).toContainText(`You move to ${yearly.title} on`);
});

test("a free user pays in the overlay checkout on /pricing-paddle at Paddle's previewed price", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await servePaddleJs(page);
  await signUpThroughApi(page, { tag: 'overlay', password: 'overlay-pass-1', verified: true });
  await page.goto('/pricing-paddle');
  await expectScreen(page, 'Pricing');
  const card = page.getByTestId(`plan-${creator.id}`);
  const previewed = PREVIEW_TEXT[PADDLE_PRICES[creator.id]!.id]!;
  await expect(card.getByTestId('plan-checkout-price')).toHaveText(
    `At checkout: ${previewed} a month, tax included`,
  );
  await card.getByRole('button', { name: `Choose ${creator.title}` }).click();
  const overlay = page.getByRole('dialog', { name: 'Paddle checkout' });
  await expect(overlay).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('paddle-overlay.png') });
  await overlay.getByRole('button', { name: 'Pay now' }).click();
  await expectScreen(page, 'Plan Activated');
  await expect(page.getByText(`${creator.title} is active`)).toBeVisible();
  await expect(overlay).toHaveCount(0);
  await expect(header(page).getByRole('link', { name: 'Upgrade' })).toHaveCount(0);

  await page.goto('/account/plan');
  await expect(page.getByTestId('payment-method')).toHaveText(/Visa ending in 4242/);
  await expect(page.getByTestId('invoices')).toContainText(formatPrice(creator.prices.USD, 'USD'));
  const plan = page.getByTestId('plan-card');
  await plan.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText(PLAN_CANCELLED)).toBeVisible();
  await expect(page.getByTestId('period-end')).toContainText('Ends on');
});

test.describe('a card whose bank asks for 3-D Secure', () => {
  // A visitor in Germany: the prices are in euros, and European cards ask for authentication.
  test.use({ locale: 'de-DE' });

  test('pays for a plan in EUR after the challenge; a closed challenge charges nothing; a renewal asking for it is confirmed from Issue Detected', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await serveStripeJs(page.context());
    const email = await signUpThroughApi(page, {
      tag: 'sca',
      password: 'sca-pass-1',
      verified: true,
    });
    const subscriptions = async () => {
      const answer = await page.request.get(
        `${STRIPE_STAND_IN_URL}${SUBSCRIPTIONS_PATH}?email=${encodeURIComponent(email)}`,
      );
      return ((await answer.json()) as { data: { status: string }[] }).data.map(
        (each) => each.status,
      );
    };

    await page.goto('/checkout?plan=plan_tier_one_monthly');
    await expectScreen(page, 'Checkout');
    const euros = formatPrice(creator.prices.EUR, 'EUR');
    await expect(page.getByTestId('checkout-amount')).toHaveText(euros);
    await typeCard(page, TEST_CARDS.authentication);
    const pay = page.getByRole('button', { name: 'Pay and start the plan' });

    // The bank's challenge opens; closing it is a failed authentication: nothing is charged, and
    // the subscription that waited for the payment is ended at Stripe.
    await pay.click();
    const challenge = page.getByRole('dialog', { name: CHALLENGE_NAME });
    await expect(challenge).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('3ds-challenge.png') });
    await challenge.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('alert')).toContainText(AUTHENTICATION_FAILED);
    await expect(page.getByRole('alert')).toContainText('Nothing was charged.');
    await expect(page).toHaveURL(/\/checkout/);
    await expect.poll(subscriptions).toEqual(['canceled']);
    await page.screenshot({ path: test.info().outputPath('3ds-abandoned.png'), fullPage: true });

    // Again, and the cardholder completes the challenge: the plan is paid in euros.
    await pay.click();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await expectScreen(page, 'Plan Activated');
    await expect(page.getByText(`${creator.title} is active`)).toBeVisible();
    expect((await subscriptions()).sort()).toEqual(['active', 'canceled']);
    await page.goto('/account/plan');
    await expect(page.getByTestId('invoices')).toContainText(euros);

    // The next renewal asks for the challenge too: past due until the cardholder confirms it.
    const renewed = await page.request.post(
      `${STRIPE_STAND_IN_URL}${RENEW_PATH}?email=${encodeURIComponent(email)}`,
    );
    expect(renewed.status()).toBe(200);
    const issue = page.getByTestId('past-due');
    await expect(async () => {
      await page.reload();
      // The page shows its saved copy first, then the server's answer: give it time to arrive.
      await expect(issue).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await issue.getByRole('button', { name: `Pay ${euros} now` }).click();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page.getByText(INVOICE_PAID)).toBeVisible({ timeout: 20_000 });
    await expect(issue).toHaveCount(0);
  });
});
