// @vitest-environment happy-dom
// The plan screens where the installation or the account has nothing to pay for: no payment
// provider configured, no plan chosen, no subscription to change. (Paying itself is tested end to
// end in Chromium against the local Stripe API server: tests/e2e/checkout.spec.ts.)
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { findPlan, formatPrice } from '../../../core/plans/catalogue';
import { NO_PAYMENTS, NOTHING_TO_CHANGE } from '../../../src/features/plans';
import { fakeApi } from './fake-api';
import { renderApp, signedInSession } from './render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

const FREE_PLAN = { plan: 'free_tier', viz_credits: 3, canvas_credits: 0, is_premium: false };
const NO_PROVIDERS = { card: null, overlay: null };
const US = { is_eu: false, country_code: 'US', country_name: 'United States', currency: 'USD' };

function installation(plan: object) {
  return fakeApi({
    'GET /api/payment/config': { body: NO_PROVIDERS },
    'GET /api/promos/get-active-promos': { body: { active_promos: [], active_promos_map: {} } },
    'POST /api/account/curr': { body: US },
    'GET /api/payment/plan': { body: plan },
  });
}

describe('without a payment provider', () => {
  it('the pricing page shows the plans, says so, and offers no plan to choose', async () => {
    installation(FREE_PLAN);
    renderApp({ session: signedInSession(FREE_PLAN), path: '/pricing' });
    expect(await screen.findByText(NO_PAYMENTS)).toBeTruthy();
    const creator = findPlan('plan_tier_one_monthly')!;
    const choose = screen.getByRole('button', { name: `Choose ${creator.title}` });
    expect((choose as HTMLButtonElement).disabled).toBe(true);
  });

  it('checkout says so instead of showing a card form', async () => {
    installation(FREE_PLAN);
    renderApp({
      session: signedInSession(FREE_PLAN),
      path: '/checkout?plan=plan_tier_one_monthly',
    });
    expect(await screen.findByText(NO_PAYMENTS)).toBeTruthy();
    expect(screen.queryByTestId('card-field')).toBeNull();
  });
});

it('checkout without a plan to pay for sends the user back to the plans', async () => {
  installation(FREE_PLAN);
  renderApp({ session: signedInSession(FREE_PLAN), path: '/checkout' });
  expect(await screen.findByText('Choose one of the paid plans on the pricing page.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
});

it('a plan the operator granted has nothing to change or pay', async () => {
  const granted = {
    ...FREE_PLAN,
    plan: 'plan_unlimited_monthly',
    is_premium: true,
    viz_credits: -1,
  };
  const api = installation(granted);
  renderApp({ session: signedInSession(granted), path: '/account/plan/change' });
  expect(await screen.findByText(NOTHING_TO_CHANGE)).toBeTruthy();
  // The card and invoices belong to a provider's subscription: nothing is asked of one.
  expect(api.callsTo('GET /api/payment/transaction-history')).toHaveLength(0);
});

it("an operator's invitation shows on My Plan and leads to paying for the invited plan", async () => {
  const invited = { ...FREE_PLAN, invited_plan: 'plan_tier_one_nov_promo' };
  fakeApi({
    'GET /api/payment/config': {
      body: {
        card: { provider: 'stripe', publishable_key: 'pk_test_x', live: false },
        overlay: null,
      },
    },
    'GET /api/promos/get-active-promos': { body: { active_promos: [], active_promos_map: {} } },
    'POST /api/account/curr': { body: US },
    'GET /api/payment/plan': { body: invited },
  });
  const { router } = renderApp({ session: signedInSession(invited), path: '/account/plan' });
  const accept = await screen.findByRole('link', { name: 'Accept invitation' });
  expect(accept.getAttribute('href')).toBe('/checkout?plan=plan_tier_one_nov_promo&invite=1');
  act(() => accept.click());
  await screen.findByText('Invitation');
  expect(router.state.location.pathname).toBe('/checkout');
  const promo = findPlan('plan_tier_one_nov_promo')!;
  expect(screen.getByTestId('checkout-amount').textContent).toBe(
    formatPrice(promo.prices.USD, 'USD'),
  );
});
