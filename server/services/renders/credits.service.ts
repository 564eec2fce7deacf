import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creditLedger, plans } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { creditBalance } from '../../repositories/users.repository';

// Visualizer credits on the credit ledger: one -1 row per render (ref = the render id, unique, so
// a render is charged once however often its job runs) and one +1 row when it gives the credit
// back (its own unique ref), so a render is refunded at most once.

export const RENDER_CHARGE = 'render';
export const RENDER_REFUND = 'render-refund';

export const NO_CREDITS_MESSAGE =
  'You have no visualizer credits left. Upgrade your plan to render more videos.';

export const noCreditsRemaining = () => new AppError(402, 'NoCreditsRemaining', NO_CREDITS_MESSAGE);

/**
 * Inside the transaction that stores the render: locks the user's plan row (so concurrent
 * requests of one user queue behind each other), checks the balance and writes the charge.
 * Throws 402 NoCreditsRemaining, which rolls the whole transaction back. Unlimited plans
 * (viz_credits -1) are not charged.
 */
export async function chargeRenderCredit(
  tx: Db,
  userUuid: string,
  renderId: string,
): Promise<{ charged: boolean }> {
  const [plan] = await tx
    .select({ unlimitedViz: plans.unlimitedViz })
    .from(plans)
    .where(eq(plans.userUuid, userUuid))
    .for('update');
  if (!plan) throw new Error(`user ${userUuid} has no plan`);
  if (plan.unlimitedViz) return { charged: false };
  if ((await creditBalance(tx, userUuid, 'viz')) < 1) throw noCreditsRemaining();
  await tx
    .insert(creditLedger)
    .values({ userUuid, creditType: 'viz', delta: -1, reason: RENDER_CHARGE, ref: renderId })
    .onConflictDoNothing();
  return { charged: true };
}

/**
 * Gives a render's credit back, once: only if it was charged, and never twice (the refund row's
 * ref is unique). Answers whether this call wrote the refund.
 */
export async function refundRenderCredit(
  db: Db,
  userUuid: string,
  renderId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userUuid, userUuid),
          eq(creditLedger.creditType, 'viz'),
          eq(creditLedger.reason, RENDER_CHARGE),
          eq(creditLedger.ref, renderId),
        ),
      )
      .limit(1);
    if (!charge) return false;
    const inserted = await tx
      .insert(creditLedger)
      .values({ userUuid, creditType: 'viz', delta: 1, reason: RENDER_REFUND, ref: renderId })
      .onConflictDoNothing()
      .returning({ id: creditLedger.id });
    return inserted.length > 0;
  });
}

/** The ledger rows of one render (its charge and any refund), for checks and tests. */
export async function renderLedger(db: Db, userUuid: string, renderId: string) {
  return db
    .select({ delta: creditLedger.delta, reason: creditLedger.reason })
    .from(creditLedger)
    .where(and(eq(creditLedger.userUuid, userUuid), eq(creditLedger.ref, renderId)));
}
