import type { RenderKind } from '../../../core/render/scene';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import {
  addFreeCanvasCredits,
  hasLedgerRow,
  insertLedgerRow,
  ledgerRowsOf,
  lockPlanRow,
  type CreditType,
} from '../../repositories/credit-ledger.repository';
import { creditBalance } from '../../repositories/users.repository';
import { settleLapsedLocked } from '../payments/plan-lapse';

// Render credits on the credit ledger: one -1 row per render (ref = the render id, unique, so a
// render is charged once however often its job runs) and one +1 row when it gives the credit back
// (its own unique ref), so a render is refunded at most once. Visualizers and single-frame videos
// spend visualizer credits ('viz'); Canvas loops spend the plan's free Canvas credits first (a
// counter on the plan, the charge recorded as a 0 row 'canvas-free' so the refund knows where it
// goes), then the ledger's Canvas credits.

export const RENDER_CHARGE = 'render';
export const RENDER_REFUND = 'render-refund';
const FREE_CHARGE = 'render-free';
const FREE_REFUND = 'render-free-refund';

export const NO_CREDITS_MESSAGE =
  'You have no visualizer credits left. Upgrade your plan to render more videos.';
export const NO_CANVAS_CREDITS_MESSAGE =
  'You have no Canvas credits left. Upgrade your plan to make more Canvas videos.';

export const noCreditsRemaining = (type: CreditType = 'viz') =>
  new AppError(
    402,
    'NoCreditsRemaining',
    type === 'canvas' ? NO_CANVAS_CREDITS_MESSAGE : NO_CREDITS_MESSAGE,
  );

/** The credits a kind of render spends. */
export const creditTypeOf = (kind: RenderKind): CreditType =>
  kind === 'canvas' ? 'canvas' : 'viz';

/**
 * Inside the transaction that stores (or queues) the render: locks the user's plan row (so
 * concurrent requests of one user queue behind each other), checks the balance and writes the
 * charge. Throws 402 NoCreditsRemaining, which rolls the whole transaction back. Unlimited plans
 * (-1) are not charged.
 */
export async function chargeRenderCredit(
  tx: Db,
  userUuid: string,
  renderId: string,
  kind: RenderKind = 'visualizer',
): Promise<{ charged: boolean }> {
  const creditType = creditTypeOf(kind);
  const locked = await lockPlanRow(tx, userUuid);
  if (!locked) throw new Error(`user ${userUuid} has no plan`);
  // A paid plan whose time is over renders as the free plan it now is.
  const plan = await settleLapsedLocked(tx, userUuid, locked);
  if (creditType === 'viz' ? plan.unlimitedViz : plan.unlimitedCanvas) return { charged: false };
  const row = { userUuid, creditType, ref: renderId };
  if (creditType === 'canvas' && plan.canvasCreditsFree > 0) {
    await addFreeCanvasCredits(tx, userUuid, -1);
    await insertLedgerRow(tx, { ...row, delta: 0, reason: FREE_CHARGE });
    return { charged: true };
  }
  if ((await creditBalance(tx, userUuid, creditType)) < 1) throw noCreditsRemaining(creditType);
  await insertLedgerRow(tx, { ...row, delta: -1, reason: RENDER_CHARGE });
  return { charged: true };
}

/**
 * Gives a render's credit back to where it came from, once: only if it was charged, and never
 * twice (the refund row's ref is unique). Answers whether this call gave it back.
 */
export async function refundRenderCredit(
  db: Db,
  userUuid: string,
  renderId: string,
  kind: RenderKind = 'visualizer',
): Promise<boolean> {
  const creditType = creditTypeOf(kind);
  const row = { userUuid, creditType, ref: renderId };
  return db.transaction(async (tx) => {
    if (await hasLedgerRow(tx, userUuid, creditType, RENDER_CHARGE, renderId))
      return insertLedgerRow(tx, { ...row, delta: 1, reason: RENDER_REFUND });
    if (!(await hasLedgerRow(tx, userUuid, creditType, FREE_CHARGE, renderId))) return false;
    const refunded = await insertLedgerRow(tx, { ...row, delta: 0, reason: FREE_REFUND });
    if (refunded) await addFreeCanvasCredits(tx, userUuid, 1);
    return refunded;
  });
}

/** The ledger rows of one render (its charge and any refund), for checks and tests. */
export async function renderLedger(db: Db, userUuid: string, renderId: string) {
  return ledgerRowsOf(db, userUuid, renderId);
}
