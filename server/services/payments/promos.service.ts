import { activePromos, findPlan, type Promo } from '../../../core/plans/catalogue';

function promoPayload(promo: Promo) {
  const plan = findPlan(promo.plan)!;
  return {
    key: promo.key,
    title: promo.title,
    applies_to: promo.appliesTo,
    plan: promo.plan,
    /** The promo plan's price per period in each currency, minor units. */
    prices: plan.prices,
    interval: plan.interval,
    starts_at: promo.startsAt,
    ends_at: promo.endsAt,
  };
}

/** GET /api/promos/get-active-promos: the promotions running now, as a list and by code. */
export function activePromosPayload(now: Date) {
  const active = activePromos(now).map(promoPayload);
  return {
    active_promos: active,
    active_promos_map: Object.fromEntries(active.map((promo) => [promo.key, promo])),
  };
}
