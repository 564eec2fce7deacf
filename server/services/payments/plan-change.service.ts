import { normalizeEmail } from '../../../core/email-check';
import { FREE_PLAN, findPlan as findCataloguePlan } from '../../../core/plans/catalogue';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import {
  clearInvitation,
  hasLedgerRow,
  insertLedgerRow,
  lockPlanForCharge,
  updatePlanRow,
  updatePlanRowLocked,
  type PlanPatch,
} from '../../repositories/credit-ledger.repository';
import { creditBalance, findPlan, findUserByEmail } from '../../repositories/users.repository';

// Moving a user onto a plan, for every way a plan changes (a provider's confirmed payment, the
// operator's command): the plan row is locked, set from the catalogue, and the period's credits
// go through the one credit ledger with the period as the row's ref, so a period is granted once
// however often it is reported.

/** Ledger reason of a plan period's credits. */
export const PLAN_PERIOD_GRANT = 'plan-period';

/** Who took the payment: a provider (spec 3's payment_processor), or the operator's command. */
export type PlanSource = 'STRIPE' | 'PADDLE' | 'ADMIN';

export interface PlanPeriod {
  planId: string;
  /** Names the billing period, unique per plan (a provider's invoice id, or a date). */
  periodRef: string;
  source: PlanSource;
}

export const unknownPlan = (planId: string) =>
  new AppError(400, 'InvalidData', `There is no plan "${planId}".`);

/**
 * Puts the user on the period's plan and grants its credits once; answers whether this call
 * granted them (false: that period was granted before, or the plan has unlimited credits).
 */
export async function startPlanPeriod(
  db: Db,
  userUuid: string,
  period: PlanPeriod,
): Promise<{ granted: boolean }> {
  const plan = findCataloguePlan(period.planId);
  if (!plan) throw unknownPlan(period.planId);
  return db.transaction(async (tx) => {
    const locked = await lockPlanForCharge(tx, userUuid);
    if (!locked) throw new Error(`user ${userUuid} has no plan`);
    return applyPlanPeriod(tx, userUuid, period);
  });
}

/**
 * startPlanPeriod inside a transaction that has already locked the user's plan row (a
 * provider's webhook); `extra` sets more of the row in the same write.
 */
export async function applyPlanPeriod(
  tx: Db,
  userUuid: string,
  period: PlanPeriod,
  extra: PlanPatch = {},
): Promise<{ granted: boolean }> {
  const plan = findCataloguePlan(period.planId);
  if (!plan) throw unknownPlan(period.planId);
  await updatePlanRow(tx, userUuid, {
    plan: plan.id,
    accountLevel: plan.accountLevel,
    unlimitedViz: plan.vizCredits === -1,
    unlimitedCanvas: plan.canvasCredits === -1,
    billingStatus: 'active',
    pastDue: false,
    // The operator's command leaves a provider's subscription linked: its renewals, failures
    // and end are still heard (and it keeps billing until cancelled at the provider). The plan it
    // sets has no paid period of its own, so it holds until someone changes it: the period end
    // of a plan paid before (over, for a plan that lapsed) would return it to free at once.
    ...(period.source === 'ADMIN'
      ? { periodEnd: null, cancelAtPeriodEnd: false }
      : { paymentProcessor: period.source }),
    refreshedAt: new Date(),
    ...extra,
  });
  // A paid period of the plan the operator invited the user to accepts the invitation.
  if (period.source !== 'ADMIN') await clearInvitation(tx, userUuid, plan.id);
  const ref = `${plan.id}:${period.periodRef}`;
  let granted = false;
  for (const [creditType, delta] of [
    ['viz', plan.vizCredits],
    ['canvas', plan.canvasCredits],
  ] as const) {
    if (delta <= 0) continue;
    const row = { userUuid, creditType, delta, reason: PLAN_PERIOD_GRANT, ref };
    granted = (await insertLedgerRow(tx, row)) || granted;
  }
  return { granted };
}

/** Ledger reason of what is taken back of a plan period's credits when its payment is refunded. */
export const PLAN_PERIOD_REFUND = 'plan-period-refunded';

/**
 * A paid period refunded (`share` of its price, 0-1): the same share of the credits it granted
 * is taken back, as far as the user has them left (what was spent stays spent), once.
 */
export async function withdrawRefundedPeriod(
  tx: Db,
  userUuid: string,
  period: { planId: string; periodRef: string },
  share: number,
): Promise<void> {
  const plan = findCataloguePlan(period.planId);
  if (!plan || share <= 0) return;
  const ref = `${plan.id}:${period.periodRef}`;
  for (const [creditType, granted] of [
    ['viz', plan.vizCredits],
    ['canvas', plan.canvasCredits],
  ] as const) {
    if (granted <= 0) continue;
    if (!(await hasLedgerRow(tx, userUuid, creditType, PLAN_PERIOD_GRANT, ref))) continue;
    const left = await creditBalance(tx, userUuid, creditType);
    const taken = Math.min(Math.max(0, left), Math.ceil(granted * Math.min(1, share)));
    if (taken > 0) {
      await insertLedgerRow(tx, {
        userUuid,
        creditType,
        delta: -taken,
        reason: PLAN_PERIOD_REFUND,
        ref,
      });
    }
  }
}

/**
 * `npm run admin -- plan <email> <plan>`: the operator moves a user onto a plan; its credits are
 * granted once per calendar month (yearly plans: per year) however often the command runs.
 */
export async function setPlanByEmail(db: Db, email: string, planId: string, now = new Date()) {
  const plan = findCataloguePlan(planId);
  if (!plan) throw unknownPlan(planId);
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user) throw new AppError(404, 'NotFound', `No account uses ${email}.`);
  const month = now.toISOString().slice(0, 7);
  const periodRef = `admin:${plan.interval === 'year' ? month.slice(0, 4) : month}`;
  const { granted } = await startPlanPeriod(db, user.userUuid, {
    planId: plan.id,
    periodRef,
    source: 'ADMIN',
  });
  const row = await findPlan(db, user.userUuid);
  const linked =
    row?.paymentProcessor && row.providerSubscriptionId
      ? { processor: row.paymentProcessor, subscriptionId: row.providerSubscriptionId }
      : null;
  return { userUuid: user.userUuid, plan, granted, linked };
}

/**
 * `npm run admin -- invite <email> <plan>`: invites the user to a paid plan (listed or not, such
 * as a promotion's plan after it ended); they accept it by paying (activate-invite-plan).
 */
export async function invitePlanByEmail(db: Db, email: string, planId: string) {
  const plan = findCataloguePlan(planId);
  if (!plan) throw unknownPlan(planId);
  if (plan.interval === null) {
    throw new AppError(
      400,
      'InvalidData',
      'Invite to a paid plan; the free plan needs no invitation.',
    );
  }
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user) throw new AppError(404, 'NotFound', `No account uses ${email}.`);
  await updatePlanRowLocked(db, user.userUuid, { invitedPlan: plan.id });
  return { userUuid: user.userUuid, plan };
}

/** The plan row once a provider says the subscription has ended: free, with the credits kept. */
export function endedPlanPatch(): PlanPatch {
  return {
    plan: FREE_PLAN,
    accountLevel: 10,
    unlimitedViz: false,
    unlimitedCanvas: false,
    billingStatus: 'canceled',
    pastDue: false,
    providerSubscriptionId: null,
    cancelAtPeriodEnd: false,
    periodEnd: null,
    refreshedAt: new Date(),
  };
}
