import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import {
  hasVizLedgerRow,
  insertVizLedgerRow,
  ledgerRowsOf,
  lockPlanForCharge,
} from '../../repositories/credit-ledger.repository';
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
  const plan = await lockPlanForCharge(tx, userUuid);
  if (!plan) throw new Error(`user ${userUuid} has no plan`);
  if (plan.unlimitedViz) return { charged: false };
  if ((await creditBalance(tx, userUuid, 'viz')) < 1) throw noCreditsRemaining();
  await insertVizLedgerRow(tx, { userUuid, delta: -1, reason: RENDER_CHARGE, ref: renderId });
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
    if (!(await hasVizLedgerRow(tx, userUuid, RENDER_CHARGE, renderId))) return false;
    return insertVizLedgerRow(tx, { userUuid, delta: 1, reason: RENDER_REFUND, ref: renderId });
  });
}

/** The ledger rows of one render (its charge and any refund), for checks and tests. */
export async function renderLedger(db: Db, userUuid: string, renderId: string) {
  return ledgerRowsOf(db, userUuid, renderId);
}
