import { describe, expect, test } from 'vitest';
import { currencyFor } from '../../../../core/locale';
import {
  activePromos,
  checkoutPlan,
  findPlan,
  formatPrice,
  isPremiumPlan,
  PLANS,
  PROMOS,
  type Promo,
} from '../../../../core/plans/catalogue';

describe('the plan catalogue', () => {
  test('has the free tier, a monthly and a yearly paid tier, the promo plan and an unlimited tier', () => {
    const ids = PLANS.map((plan) => plan.id);
    expect(ids).toContain('free_tier');
    expect(ids).toContain('plan_tier_one_nov_promo');
    expect(PLANS.some((plan) => plan.interval === 'month' && plan.vizCredits > 0)).toBe(true);
    expect(PLANS.some((plan) => plan.interval === 'year')).toBe(true);
    expect(PLANS.some((plan) => plan.vizCredits === -1 && plan.canvasCredits === -1)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('prices are whole minor units in USD, EUR and GBP; only the free tier is free', () => {
    for (const plan of PLANS) {
      for (const currency of ['USD', 'EUR', 'GBP'] as const) {
        const price = plan.prices[currency];
        expect(Number.isInteger(price), `${plan.id} ${currency}`).toBe(true);
        expect(price > 0, `${plan.id} ${currency}`).toBe(plan.interval !== null);
      }
      expect(isPremiumPlan(plan.id)).toBe(plan.id !== 'free_tier');
    }
  });

  test('prices read as people write them', () => {
    expect(formatPrice(999, 'USD')).toBe('$9.99');
    expect(formatPrice(899, 'GBP')).toBe('£8.99');
    expect(formatPrice(8999, currencyFor('DE'))).toBe('€89.99');
    expect(formatPrice(0, 'EUR')).toBe('€0');
    expect(formatPrice(2000, 'USD')).toBe('$20');
  });
});

describe('promotions', () => {
  const promo: Promo = PROMOS[0]!;
  const during = new Date(Date.parse(promo.startsAt) + 1000);
  const after = new Date(Date.parse(promo.endsAt));

  test('run from their start (included) to their end (excluded)', () => {
    expect(activePromos(new Date(promo.startsAt))).toContainEqual(promo);
    expect(activePromos(during)).toContainEqual(promo);
    expect(activePromos(after)).not.toContainEqual(promo);
    expect(activePromos(new Date(Date.parse(promo.startsAt) - 1))).not.toContainEqual(promo);
  });

  test("a promo code changes the plan granted and the price charged to the promo plan's", () => {
    const target = promo.appliesTo[0]!;
    const plain = checkoutPlan(target, null, 'EUR', during);
    const promoted = checkoutPlan(target, promo.key.toLowerCase(), 'EUR', during);
    expect(plain).toMatchObject({ plan: { id: target }, amount: findPlan(target)!.prices.EUR });
    expect(promoted).toMatchObject({
      plan: { id: promo.plan },
      amount: findPlan(promo.plan)!.prices.EUR,
      promo,
    });
    expect((promoted as { amount: number }).amount).toBeLessThan(
      (plain as { amount: number }).amount,
    );
  });

  test('an ended, unknown or misapplied code and an unknown or free plan are refused', () => {
    const target = promo.appliesTo[0]!;
    expect(checkoutPlan(target, promo.key, 'USD', after)).toEqual({
      error: 'This promo code is not valid or has ended.',
    });
    expect(checkoutPlan(target, 'NOPE', 'USD', during)).toEqual({
      error: 'This promo code is not valid or has ended.',
    });
    expect(checkoutPlan('plan_unlimited_monthly', promo.key, 'USD', during)).toEqual({
      error: 'This promo code does not apply to that plan.',
    });
    for (const plan of ['free_tier', 'plan_tier_one_nov_promo', 'gold']) {
      expect(checkoutPlan(plan, null, 'USD', during)).toEqual({
        error: 'Choose one of the paid plans on the pricing page.',
      });
    }
  });
});
