// The plans and promotions, in one place (issue 12): what each plan gives per billing period and
// what it costs in each currency of spec section 9. Amounts are integers in minor units (cents,
// pence) everywhere; the server decides every price from here, never from what a browser sends.

import type { Currency } from '../locale';
import { layoutScale } from '../render/scene';

export const FREE_PLAN = 'free_tier';
export const PROMO_PLAN = 'plan_tier_one_nov_promo';

export type PlanId =
  | typeof FREE_PLAN
  | 'plan_tier_one_monthly'
  | 'plan_tier_one_yearly'
  | typeof PROMO_PLAN
  | 'plan_unlimited_monthly';

export type BillingInterval = 'month' | 'year';

export interface PlanDefinition {
  id: PlanId;
  title: string;
  /** One line under the title on /pricing. */
  tagline: string;
  /** How often it is paid and its credits granted; null for the free plan. */
  interval: BillingInterval | null;
  /** Credits granted each period; -1 is unlimited. */
  vizCredits: number;
  canvasCredits: number;
  accountLevel: number;
  features: readonly string[];
  /** Price of one period, in minor units; 0 for the free plan. */
  prices: Readonly<Record<Currency, number>>;
  /** On the pricing page's list (the promo plan is reached through its promo code). */
  listed: boolean;
}

/** A paid plan's first feature: what the free plan has, it has too (the premium page reads it so). */
export const EVERYTHING_IN_FREE = 'Everything in Free';

const FREE_FEATURES = [
  'Every visualizer, single-frame, Canvas and particle template',
  'The particle editor and the free tools',
  'Videos at 1080p and 30 frames a second',
];

/** A paid plan's outputs beyond the free plan's (outputAllowed). */
export const LARGER_OUTPUTS = '4K videos and 60 frames a second';

const CANCEL_ANY_TIME = 'Cancel any time: your credits last to the end of the period';

const PAID_FEATURES = [
  EVERYTHING_IN_FREE,
  LARGER_OUTPUTS,
  'Credits renewed every billing period',
  'Unused credits stay yours',
  CANCEL_ANY_TIME,
];

export const PLANS: readonly PlanDefinition[] = [
  {
    id: FREE_PLAN,
    title: 'Free',
    tagline: 'Try every template with a few credits.',
    interval: null,
    vizCredits: 3,
    canvasCredits: 3,
    accountLevel: 10,
    features: FREE_FEATURES,
    prices: { USD: 0, EUR: 0, GBP: 0 },
    listed: true,
  },
  {
    id: 'plan_tier_one_monthly',
    title: 'Creator',
    tagline: 'For a release every month.',
    interval: 'month',
    vizCredits: 30,
    canvasCredits: 10,
    accountLevel: 20,
    features: PAID_FEATURES,
    prices: { USD: 999, EUR: 999, GBP: 899 },
    listed: true,
  },
  {
    id: 'plan_tier_one_yearly',
    title: 'Creator, yearly',
    tagline: 'The Creator plan for a year, three months free.',
    interval: 'year',
    vizCredits: 360,
    canvasCredits: 120,
    accountLevel: 20,
    features: PAID_FEATURES,
    prices: { USD: 8999, EUR: 8999, GBP: 7999 },
    listed: true,
  },
  {
    id: PROMO_PLAN,
    title: 'Creator (November offer)',
    tagline: 'The Creator plan at half price while you keep it.',
    interval: 'month',
    vizCredits: 30,
    canvasCredits: 10,
    accountLevel: 20,
    features: PAID_FEATURES,
    prices: { USD: 499, EUR: 499, GBP: 449 },
    listed: false,
  },
  {
    id: 'plan_unlimited_monthly',
    title: 'Unlimited',
    tagline: 'For labels and studios: render as much as you like.',
    interval: 'month',
    vizCredits: -1,
    canvasCredits: -1,
    accountLevel: 30,
    features: [EVERYTHING_IN_FREE, LARGER_OUTPUTS, 'Render as much as you like', CANCEL_ANY_TIME],
    prices: { USD: 2999, EUR: 2999, GBP: 2599 },
    listed: true,
  },
];

/**
 * Visualizer credits a whole release kit (all five outputs) costs less than its parts one by
 * one. None today: a kit costs the sum of its parts; set it here to run a kit offer.
 */
export const KIT_DISCOUNT_VIZ_CREDITS = 0;

export function findPlan(id: string): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Spec section 6: free_tier is free, any other plan is premium. */
export function isPremiumPlan(id: string): boolean {
  return id !== FREE_PLAN;
}

/** Why a 4K or 60 fps render is refused on the free plan (the create screens say it too). */
export const LARGER_OUTPUTS_MESSAGE = '4K and 60 fps videos come with a paid plan.';

/**
 * Whether a plan renders an output of this size and frame rate: the free plan 1080p at 30 fps,
 * every other plan (spec section 6: any plan but free_tier is premium) up to 4K at 60 fps.
 * Null when it does, else the reason. This is all a plan limits in what it renders: templates,
 * lyrics, track lengths and loop extensions are the same on every plan (credits are charged
 * apart, on the credit ledger).
 */
export function outputAllowed(
  planId: string,
  output: { width: number; height: number; fps: number },
): string | null {
  if (isPremiumPlan(planId)) return null;
  return layoutScale(output) > 1 || output.fps > 30 ? LARGER_OUTPUTS_MESSAGE : null;
}

declare const planAllowed: unique symbol;

/**
 * A render's settings once the server's plan gate (server/services/renders/plan-gate.ts) has
 * found that the user's plan renders them: the only settings a render row can be stored with,
 * so no way of creating renders can skip the gate.
 */
export type PlanAllowed<T> = T & { readonly [planAllowed]: true };

/** A promotion: while it runs, its code turns one of `appliesTo` into `plan` at that plan's price. */
export interface Promo {
  key: string;
  title: string;
  appliesTo: readonly PlanId[];
  plan: PlanId;
  /** ISO 8601 instants, start included, end excluded. */
  startsAt: string;
  endsAt: string;
}

export const PROMOS: readonly Promo[] = [
  {
    key: 'NOVEMBER',
    title: 'November offer: the Creator plan at half price',
    appliesTo: ['plan_tier_one_monthly'],
    plan: PROMO_PLAN,
    startsAt: '2026-11-01T00:00:00Z',
    endsAt: '2026-12-01T00:00:00Z',
  },
];

/** The promotions running at `now`. */
export function activePromos(now: Date, promos: readonly Promo[] = PROMOS): Promo[] {
  const time = now.getTime();
  return promos.filter(
    (promo) => Date.parse(promo.startsAt) <= time && time < Date.parse(promo.endsAt),
  );
}

/**
 * What subscribing to `planId` with `promoKey` gives at `now`: the plan granted and its price.
 * A code that is unknown, over, or not for this plan is refused with the reason.
 */
export function checkoutPlan(
  planId: string,
  promoKey: string | null | undefined,
  currency: Currency,
  now: Date,
): { plan: PlanDefinition; amount: number; promo: Promo | null } | { error: string } {
  const plan = findPlan(planId);
  if (!plan || plan.interval === null || !plan.listed) {
    return { error: 'Choose one of the paid plans on the pricing page.' };
  }
  if (!promoKey) return { plan, amount: plan.prices[currency], promo: null };
  const key = promoKey.trim().toUpperCase();
  const promo = activePromos(now).find((candidate) => candidate.key === key);
  if (!promo) return { error: 'This promo code is not valid or has ended.' };
  if (!promo.appliesTo.includes(plan.id)) {
    return { error: 'This promo code does not apply to that plan.' };
  }
  const granted = findPlan(promo.plan)!;
  return { plan: granted, amount: granted.prices[currency], promo };
}

const SYMBOLS: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£' };

/** 999 USD -> "$9.99"; whole amounts without decimals ("€0"). */
export function formatPrice(minor: number, currency: Currency): string {
  const whole = minor % 100 === 0;
  const value = whole ? String(minor / 100) : (minor / 100).toFixed(2);
  return `${SYMBOLS[currency]}${value}`;
}
