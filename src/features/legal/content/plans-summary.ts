import { FREE_PLAN, formatPrice, PLANS, PROMOS } from '../../../../core/plans/catalogue';

// What the help texts say about plans, read from the catalogue so they never disagree with
// /pricing.

const credits = (count: number, kind: string) =>
  count === -1 ? `unlimited ${kind} credits` : `${count} ${kind} credit${count === 1 ? '' : 's'}`;

const pricesOf = (prices: { USD: number; EUR: number; GBP: number }) =>
  `${formatPrice(prices.USD, 'USD')}, ${formatPrice(prices.EUR, 'EUR')} or ${formatPrice(prices.GBP, 'GBP')}`;

/** One line per listed plan: "Creator: 30 visualizer and 10 Canvas credits a month for $9.99, …". */
export function planLines(): string[] {
  return PLANS.filter((plan) => plan.listed).map((plan) => {
    const given = `${credits(plan.vizCredits, 'visualizer')} and ${credits(plan.canvasCredits, 'Canvas')}`;
    if (plan.id === FREE_PLAN) return `${plan.title}: ${given} to start with, free.`;
    return `${plan.title}: ${given} a ${plan.interval} for ${pricesOf(plan.prices)} a ${plan.interval}.`;
  });
}

/** The running or coming promotions, in words, e.g. the November code. */
export function promoLines(): string[] {
  return PROMOS.map((promo) => {
    const ends = new Date(Date.parse(promo.endsAt) - 1).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return `${promo.title}: enter the code ${promo.key} on the pricing page, until ${ends}.`;
  });
}
