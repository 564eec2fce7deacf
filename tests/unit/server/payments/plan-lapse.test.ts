import { describe, expect, it } from 'vitest';
import {
  hasLapsed,
  lapsedPlanPatch,
  lapsesAt,
  RENEWAL_GRACE_DAYS,
} from '../../../../server/services/payments/plan-lapse';

const DAY = 86_400_000;
const now = new Date('2026-11-26T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const plan = (
  periodEnd: Date | null,
  cancelAtPeriodEnd = false,
  planId = 'plan_tier_one_monthly',
) => ({
  plan: planId,
  periodEnd,
  cancelAtPeriodEnd,
});

describe('when a paid plan lapses', () => {
  it('a renewing plan waits the grace for its renewal to be paid, a cancelled one ends with its period', () => {
    expect(hasLapsed(plan(ago(RENEWAL_GRACE_DAYS - 0.5)), now)).toBe(false);
    expect(hasLapsed(plan(ago(RENEWAL_GRACE_DAYS + 0.01)), now)).toBe(true);
    expect(hasLapsed(plan(ago(0.01), true), now)).toBe(true);
    expect(hasLapsed(plan(ago(-0.01), true), now)).toBe(false);
    expect(lapsesAt(plan(ago(0)))).toEqual(new Date(now.getTime() + RENEWAL_GRACE_DAYS * DAY));
    expect(lapsesAt(plan(ago(0), true))).toEqual(now);
  });

  it('free plans and plans without a paid period (set by the operator) never lapse', () => {
    expect(lapsesAt(plan(ago(30), false, 'free_tier'))).toBeNull();
    expect(lapsesAt(plan(null))).toBeNull();
    expect(hasLapsed(plan(null), now)).toBe(false);
  });

  it('a lapsed plan is free with its credits, and stays past due if a payment failed', () => {
    expect(lapsedPlanPatch({ pastDue: false, billingStatus: 'active' })).toMatchObject({
      plan: 'free_tier',
      unlimitedViz: false,
      unlimitedCanvas: false,
      billingStatus: 'canceled',
    });
    expect(lapsedPlanPatch({ pastDue: true, billingStatus: 'past_due' }).billingStatus).toBe(
      'past_due',
    );
  });
});
