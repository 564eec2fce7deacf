import { creditBalance, type UserRow } from '../../repositories/users.repository';
import { currentPlan } from '../payments/plan-lapse';
import type { AccountContext } from './account-context';

/** GET /api/payment/plan: spec section 3's Plan, balances summed from the credit ledger. */
export async function planOf(context: Pick<AccountContext, 'db'>, user: UserRow) {
  const plan = await currentPlan(context.db, user.userUuid);
  if (!plan) throw new Error(`user ${user.userUuid} has no plan`);
  const [viz, canvas] = await Promise.all([
    plan.unlimitedViz ? -1 : creditBalance(context.db, user.userUuid, 'viz'),
    plan.unlimitedCanvas ? -1 : creditBalance(context.db, user.userUuid, 'canvas'),
  ]);
  return {
    plan: plan.plan,
    account_level: plan.accountLevel,
    viz_credits: viz,
    canvas_credits: canvas,
    canvas_credits_free: plan.canvasCreditsFree,
    total_canvas_credits: canvas === -1 ? -1 : canvas + plan.canvasCreditsFree,
    billing_status: plan.billingStatus,
    customer_history: plan.customerHistory,
    payment_processor: plan.paymentProcessor,
    past_due: plan.pastDue || plan.billingStatus === 'past_due',
    is_premium: plan.plan !== 'free_tier',
    last_refresh: plan.refreshedAt.toISOString(),
    /** When the paid period ends, and whether the plan ends with it (cancelled). */
    period_end: plan.periodEnd?.toISOString() ?? null,
    cancel_at_period_end: plan.cancelAtPeriodEnd,
    /** A plan the operator invited the user to (accepted by paying: activate-invite-plan). */
    invited_plan: plan.invitedPlan,
  };
}
