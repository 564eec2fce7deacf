import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { creditLedger, plans } from '../db/schema';

/** Locks the user's plan row until the transaction ends; whether visualizers are unlimited. */
export async function lockPlanForCharge(
  tx: Db,
  userUuid: string,
): Promise<{ unlimitedViz: boolean } | undefined> {
  const [plan] = await tx
    .select({ unlimitedViz: plans.unlimitedViz })
    .from(plans)
    .where(eq(plans.userUuid, userUuid))
    .for('update');
  return plan;
}

/** Writes one viz ledger row unless a row with its (unique) ref and reason exists; true if written. */
export async function insertVizLedgerRow(
  tx: Db,
  row: { userUuid: string; delta: number; reason: string; ref: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(creditLedger)
    .values({ ...row, creditType: 'viz' })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  return inserted.length > 0;
}

/** Whether the user's viz ledger has a row with this reason and ref. */
export async function hasVizLedgerRow(
  tx: Db,
  userUuid: string,
  reason: string,
  ref: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userUuid, userUuid),
        eq(creditLedger.creditType, 'viz'),
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
    .select({ delta: creditLedger.delta, reason: creditLedger.reason })
    .from(creditLedger)
    .where(and(eq(creditLedger.userUuid, userUuid), eq(creditLedger.ref, ref)));
}
