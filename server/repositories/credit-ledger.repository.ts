import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { creditLedger, plans } from '../db/schema';
import type { PlanRow } from './users.repository';

export type CreditType = 'viz' | 'canvas';

export interface LockedPlan {
  unlimitedViz: boolean;
  unlimitedCanvas: boolean;
  /** The plan's free Canvas credits left (spent before the ledger's canvas credits). */
  canvasCreditsFree: number;
}

/** Locks the user's plan row until the transaction ends, and answers what charging needs. */
export async function lockPlanForCharge(tx: Db, userUuid: string): Promise<LockedPlan | undefined> {
  const [plan] = await tx
    .select({
      unlimitedViz: plans.unlimitedViz,
      unlimitedCanvas: plans.unlimitedCanvas,
      canvasCreditsFree: plans.canvasCreditsFree,
    })
    .from(plans)
    .where(eq(plans.userUuid, userUuid))
    .for('update');
  return plan;
}

/** The user's whole plan row, locked until the transaction ends. */
export async function lockPlanRow(tx: Db, userUuid: string): Promise<PlanRow | undefined> {
  const [plan] = await tx.select().from(plans).where(eq(plans.userUuid, userUuid)).for('update');
  return plan;
}

/**
 * Marks the start of a card checkout on the plan row unless another one began less than
 * `leaseSeconds` ago; answers the new attempt's id, or null when another attempt holds it. One
 * UPDATE: of two requests at once, the row lock lets exactly one through.
 */
export async function beginCheckout(
  db: Db,
  userUuid: string,
  leaseSeconds: number,
): Promise<string | null> {
  const [row] = await db
    .update(plans)
    .set({ checkoutStartedAt: sql`now()`, checkoutAttempt: sql`gen_random_uuid()` })
    .where(
      and(
        eq(plans.userUuid, userUuid),
        or(
          isNull(plans.checkoutStartedAt),
          lt(plans.checkoutStartedAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
        ),
      ),
    )
    .returning({ attempt: plans.checkoutAttempt });
  return row?.attempt ?? null;
}

/** Ends the checkout attempt (if it is still the one on the row). */
export async function endCheckout(db: Db, userUuid: string, attempt: string): Promise<void> {
  await db
    .update(plans)
    .set({ checkoutStartedAt: null, checkoutAttempt: null })
    .where(and(eq(plans.userUuid, userUuid), eq(plans.checkoutAttempt, attempt)));
}

/**
 * The users whose paid plan's period has run out: cancelled plans past their end, others past
 * their end and the grace a renewal's payment may take (`renewalsBefore`).
 */
export async function usersWithLapsedPlans(
  db: Db,
  now: Date,
  renewalsBefore: Date,
): Promise<string[]> {
  const rows = await db
    .select({ userUuid: plans.userUuid })
    .from(plans)
    .where(
      and(
        sql`${plans.plan} <> 'free_tier'`,
        or(
          and(eq(plans.cancelAtPeriodEnd, true), lt(plans.periodEnd, now)),
          lt(plans.periodEnd, renewalsBefore),
        ),
      ),
    );
  return rows.map((row) => row.userUuid);
}

/** Adds `delta` to the plan's free Canvas credits (inside the charging transaction). */
export async function addFreeCanvasCredits(tx: Db, userUuid: string, delta: number) {
  await tx
    .update(plans)
    .set({ canvasCreditsFree: sql`${plans.canvasCreditsFree} + ${delta}` })
    .where(eq(plans.userUuid, userUuid));
}

/** Writes one ledger row unless a row with its (unique) type, reason and ref exists; true if written. */
export async function insertLedgerRow(
  tx: Db,
  row: { userUuid: string; creditType: CreditType; delta: number; reason: string; ref: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(creditLedger)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  return inserted.length > 0;
}

/** Whether the user's ledger of that type has a row with this reason and ref. */
export async function hasLedgerRow(
  tx: Db,
  userUuid: string,
  creditType: CreditType,
  reason: string,
  ref: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userUuid, userUuid),
        eq(creditLedger.creditType, creditType),
        eq(creditLedger.reason, reason),
        eq(creditLedger.ref, ref),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The ledger rows with this ref (a render's charge and any refund), for checks and tests. */
export async function ledgerRowsOf(db: Db, userUuid: string, ref: string) {
  return db
    .select({
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      type: creditLedger.creditType,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.userUuid, userUuid), eq(creditLedger.ref, ref)));
}

export type PlanPatch = Partial<Omit<typeof plans.$inferInsert, 'userUuid'>>;

/** Changes the user's plan row in a transaction of its own, with the row locked meanwhile. */
export async function updatePlanRowLocked(db: Db, userUuid: string, patch: PlanPatch) {
  await db.transaction(async (tx) => {
    await lockPlanForCharge(tx, userUuid);
    await updatePlanRow(tx, userUuid, patch);
  });
}

/** Changes the user's plan row (inside the transaction that locked it). */
export async function updatePlanRow(tx: Db, userUuid: string, patch: PlanPatch): Promise<void> {
  await tx.update(plans).set(patch).where(eq(plans.userUuid, userUuid));
}

/** Clears the operator's invitation to `planId`, if that is the plan the user was invited to. */
export async function clearInvitation(tx: Db, userUuid: string, planId: string): Promise<void> {
  await tx
    .update(plans)
    .set({ invitedPlan: null })
    .where(and(eq(plans.userUuid, userUuid), eq(plans.invitedPlan, planId)));
}
