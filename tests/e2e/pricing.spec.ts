// The pricing and premium pages (issue 12): the plans in the visitor's currency (spec 9: EUR in
// the EU, GBP for GB, else USD, from the browser's Accept-Language), the promo-code field, and an
// installation without payment providers saying so. /pricing is for signed-in users (spec 1).
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { activePromos, findPlan, formatPrice } from '../../core/plans/catalogue';
import { NO_PAYMENTS, PROMO_INVALID } from '../../src/features/plans';
import { signUpToStateFile } from './account-helpers';
import { expect, expectScreen, test } from './fixtures';

const STATE_FILE = path.join(os.tmpdir(), `waveframe-e2e-pricing-${process.pid}.json`);
const creator = findPlan('plan_tier_one_monthly')!;

test.describe('the pricing page, signed in', () => {
  test.describe.configure({ mode: 'serial' });
  // Unless a test says otherwise, a visitor from the United States.
  test.use({ storageState: STATE_FILE, locale: 'en-US' });

  test.beforeAll(async ({ playwright, baseURL }) => {
    await signUpToStateFile(playwright, baseURL, STATE_FILE, 'pricing');
  });

  /** Opens /pricing and checks the plans are shown in the currency. */
  async function expectPlansIn(page: Page, currency: 'EUR' | 'GBP' | 'USD') {
    await page.goto('/pricing');
    await expectScreen(page, 'Pricing');
    const card = page.getByTestId('plan-plan_tier_one_monthly');
    await expect(card.getByTestId('plan-price')).toContainText(
      formatPrice(creator.prices[currency], currency),
    );
    await expect(card.getByText(`${creator.vizCredits} visualizer credits a month`)).toBeVisible();
    await expect(
      page.getByTestId('plan-plan_unlimited_monthly').getByText('Unlimited visualizer credits'),
    ).toBeVisible();
    await expect(
      page.getByTestId('plan-free_tier').getByRole('button', { name: 'Your plan' }),
    ).toBeDisabled();
  }

  for (const [locale, currency] of [
    ['de-DE', 'EUR'],
    ['en-GB', 'GBP'],
  ] as const) {
    test.describe(`with a browser asking for ${locale}`, () => {
      test.use({ locale });

      test(`shows the plans in ${currency}`, async ({ page }) => {
        await expectPlansIn(page, currency);
      });
    });
  }

  // One page for en-US: the plans in USD, promo codes, then the currency switched by hand.
  test('en-US: the plans in USD; a promo code shows its price and goes to checkout with it, a wrong one is refused; the currency can be switched by hand', async ({
    page,
  }) => {
    await expectPlansIn(page, 'USD');
    // This installation takes card payments (through the local Stripe API server).
    await expect(page.getByText(NO_PAYMENTS)).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: `Choose ${creator.title}`, exact: true }),
    ).toHaveAttribute('href', `/checkout?plan=${creator.id}`);

    await page.getByLabel('Promo code').fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(PROMO_INVALID)).toBeVisible();

    // The promotions running today (the catalogue's own windows) are offered and applied.
    for (const promo of activePromos(new Date())) {
      await expect(page.getByText(promo.key, { exact: true })).toBeVisible();
      await page.getByLabel('Promo code').fill(promo.key.toLowerCase());
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText(`${promo.key} applied`)).toBeVisible();
      await expect(page.getByText(PROMO_INVALID)).toBeHidden();
      const target = promo.appliesTo[0]!;
      const price = page.getByTestId(`plan-${target}`).getByTestId('plan-price');
      await expect(price).toContainText(formatPrice(findPlan(promo.plan)!.prices.USD, 'USD'));
      // The plan's own price, struck through beside it.
      await expect(price).toContainText(formatPrice(findPlan(target)!.prices.USD, 'USD'));
      await expect(
        page.getByRole('link', { name: `Choose ${findPlan(target)!.title}`, exact: true }),
      ).toHaveAttribute('href', `/checkout?plan=${target}&promo=${promo.key}`);
    }

    // The currency switched by hand (a fresh page: no promo applied).
    await page.reload();
    const price = page.getByTestId('plan-plan_tier_one_yearly').getByTestId('plan-price');
    await expect(price).toContainText(
      formatPrice(findPlan('plan_tier_one_yearly')!.prices.USD, 'USD'),
    );
    await page.getByText('£', { exact: true }).click();
    await expect(price).toContainText(
      formatPrice(findPlan('plan_tier_one_yearly')!.prices.GBP, 'GBP'),
    );
  });
});

test('the premium page compares the plans and leads to the prices', async ({ page }) => {
  await page.goto('/premium');
  await expectScreen(page, 'Waveframe Premium');
  const table = page.getByRole('table', { name: 'What each plan gives' });
  await expect(table.getByRole('columnheader', { name: 'Creator' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Visualizer credits/ })).toContainText(
    `${creator.vizCredits} a month`,
  );
  await expect(page.getByRole('link', { name: 'See the prices' })).toHaveAttribute(
    'href',
    '/pricing',
  );
});
