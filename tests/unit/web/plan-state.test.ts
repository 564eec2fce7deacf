import { describe, expect, it } from 'vitest';
import { toPlanState } from '../../../src/features/session/plan-state';

describe('toPlanState', () => {
  it('fills the spec defaults for a sparse answer', () => {
    expect(toPlanState({}, 5)).toMatchObject({
      plan: 'free_tier',
      account_level: 10,
      viz_credits: 0,
      canvasQuota: 0,
      pastDue: false,
      premium: false,
      lastRefresh: 5,
    });
  });

  it('reads the server plan answer, including its derived fields', () => {
    const state = toPlanState(
      {
        plan: 'plan_tier_one_nov_promo',
        account_level: 20,
        viz_credits: -1,
        canvas_credits: 8,
        canvas_credits_free: 2,
        total_canvas_credits: 10,
        billing_status: 'active',
        past_due: true,
        is_premium: true,
        payment_processor: 'PADDLE',
      },
      7,
    );
    expect(state).toMatchObject({
      premium: true,
      pastDue: true,
      canvasQuota: 10,
      viz_credits: -1,
      payment_processor: 'PADDLE',
    });
  });

  it('derives the quota, past due and premium when the answer leaves them out', () => {
    const state = toPlanState(
      { plan: 'free_tier', canvas_credits: -1, canvas_credits_free: 4, billing_status: 'past_due' },
      1,
    );
    expect(state).toMatchObject({ canvasQuota: -1, pastDue: true, premium: false });
  });
});
