import { FREE_PLAN } from '../../../core/plans/catalogue';
import type { Db } from '../../db/database';
import {
  lockPlanRow,
  updatePlanRow,
  usersWithLapsedPlans,
  type PlanPatch,
} from '../../repositories/credit-ledger.repository';
import { findPlan, type PlanRow } from '../../repositories/users.repository';
import type { AppContext } from '../../context';
import { scheduleDaily } from '../daily-jobs';

// A paid plan lasts as long as the period its provider says was paid. The provider's events
// (a renewal's invoice, the subscription's end) normally move it on; should they never come, the
// plan returns to free once its period is over, so nobody keeps a paid plan nobody paid for. A
// renewal is paid a little after the period ends (Stripe charges about an hour later and retries
// a failed card for days), so a plan that renews gets a grace before it lapses; a cancelled one
// ends with its period. Checked when the plan is read or charged, and by a daily job.

/** How long after its period's end a renewing plan waits for the renewal's payment. */
export const RENEWAL_GRACE_DAYS = 3;
const RENEWAL_GRACE_MS = RENEWAL_GRACE_DAYS * 24 * 3600 * 1000;

type PeriodFields = Pick<PlanRow, 'plan' | 'periodEnd' | 'cancelAtPeriodEnd'>;

/**
 * When a paid plan returns to free unless its provider reports another paid period: the paid
 * period's end (with the renewal's grace when it renews); null for a plan with no paid period
 * (free, or set by the operator).
 */
export function lapsesAt(plan: PeriodFields): Date | null {
  if (plan.plan === FREE_PLAN || !plan.periodEnd) return null;
  return new Date(plan.periodEnd.getTime() + (plan.cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_MS));
}

/** Whether the plan is a paid one whose paid time is over. */
export function hasLapsed(plan: PeriodFields, now: Date): boolean {
  const end = lapsesAt(plan);
  return end !== null && now > end;
}

/**
 * The plan row once its time is over: free, credits kept. The subscription stays linked, so a
 * late payment of its outstanding invoice (Issue Detected) brings the plan back, and its end is
 * still heard.
 */
export function lapsedPlanPatch(plan: Pick<PlanRow, 'pastDue' | 'billingStatus'>): PlanPatch {
  return {
    plan: FREE_PLAN,
    accountLevel: 10,
    unlimitedViz: false,
    unlimitedCanvas: false,
    billingStatus: plan.pastDue || plan.billingStatus === 'past_due' ? 'past_due' : 'canceled',
    cancelAtPeriodEnd: false,
    refreshedAt: new Date(),
  };
}

/** Inside a transaction that locked the row: ends the plan if it has lapsed; answers the row. */
export async function settleLapsedLocked<T extends PeriodFields>(
  tx: Db,
  userUuid: string,
  plan: T & Pick<PlanRow, 'pastDue' | 'billingStatus'>,
  now = new Date(),
): Promise<T> {
  if (!hasLapsed(plan, now)) return plan;
  const patch = lapsedPlanPatch(plan);
  await updatePlanRow(tx, userUuid, patch);
  return { ...plan, ...patch };
}

/** The user's plan as it stands now: a lapsed one is ended first. */
export async function currentPlan(
  db: Db,
  userUuid: string,
  now = new Date(),
): Promise<PlanRow | undefined> {
  const plan = await findPlan(db, userUuid);
  if (!plan || !hasLapsed(plan, now)) return plan;
  return db.transaction(async (tx) => {
    const locked = await lockPlanRow(tx, userUuid);
    return locked && settleLapsedLocked(tx, userUuid, locked, now);
  });
}

/** The daily job's part: ends every lapsed plan; answers how many. */
export async function endLapsedPlans(db: Db, now = new Date()): Promise<number> {
  const users = await usersWithLapsedPlans(db, now, new Date(now.getTime() - RENEWAL_GRACE_MS));
  for (const userUuid of users) await currentPlan(db, userUuid, now);
  return users.length;
}

/** The hour (UTC) the daily end-lapsed-plans job runs. */
const LAPSED_PLANS_HOUR_UTC = 4;

/** Queues the next daily run of end-lapsed-plans; answers the day it is for. */
export function scheduleLapsedPlans(context: Pick<AppContext, 'queue' | 'log'>, now = new Date()) {
  return scheduleDaily(context, 'end-lapsed-plans', LAPSED_PLANS_HOUR_UTC, now);
}
