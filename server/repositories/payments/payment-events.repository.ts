import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { paymentCheckouts, paymentEvents, plans } from '../../db/schema';

export type PaymentProvider = 'STRIPE' | 'PADDLE';

/**
 * Records a provider's event as received; false if it was already (a replay or a duplicate).
 * Inside the transaction that handles it: a second delivery running at the same time waits on
 * the key until the first commits, then finds it.
 */
export async function claimPaymentEvent(
  tx: Db,
  event: { provider: PaymentProvider; eventId: string; type: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ ...event, outcome: 'received' })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

/** What handling the event did (or why nothing), and whose it was. */
export async function settlePaymentEvent(
  tx: Db,
  provider: PaymentProvider,
  eventId: string,
  outcome: { outcome: string; userUuid: string | null },
): Promise<void> {
  await tx
    .update(paymentEvents)
    .set(outcome)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
}

/** The plan of the provider's customer, locked until the transaction ends. */
export async function lockPlanOfCustomer(tx: Db, provider: PaymentProvider, customerId: string) {
  const [plan] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.paymentProcessor, provider), eq(plans.providerCustomerId, customerId)))
    .for('update');
  return plan;
}

/** Binds a checkout the provider opened to the user who asked for it (once; the same again is fine). */
export async function bindCheckout(
  db: Db,
  checkout: { provider: PaymentProvider; checkoutId: string; userUuid: string; plan: string },
): Promise<void> {
  await db.insert(paymentCheckouts).values(checkout).onConflictDoNothing();
}

/** Who opened the checkout, if this installation opened it. */
export async function findCheckout(tx: Db, provider: PaymentProvider, checkoutId: string) {
  const [checkout] = await tx
    .select()
    .from(paymentCheckouts)
    .where(
      and(eq(paymentCheckouts.provider, provider), eq(paymentCheckouts.checkoutId, checkoutId)),
    )
    .limit(1);
  return checkout;
}
