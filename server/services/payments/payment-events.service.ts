import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { lockPlanForCharge } from '../../repositories/credit-ledger.repository';
import {
  claimPaymentEvent,
  lockPlanOfCustomer,
  settlePaymentEvent,
  type PaymentProvider,
} from '../../repositories/payments/payment-events.repository';
import type { AccountContext } from '../accounts/account-context';

// What every payment provider's webhook does with an event whose signature it has checked: the
// event is recorded once by its id (a replayed or duplicate event changes nothing), and handled in
// one transaction with the plan row of its user locked. Each provider's service says how to read
// its events (stripe-webhooks.service.ts, paddle-webhooks.service.ts).

type Context = Pick<AccountContext, 'db' | 'log'>;

export const invalidSignature = () =>
  new AppError(400, 'InvalidSignature', "The event's signature could not be verified.");

/** The provider's verified event; a failed check is logged and refused with 400. */
export function verified<T>(provider: PaymentProvider, context: Context, verify: () => T): T {
  try {
    return verify();
  } catch (error) {
    context.log.warn(
      { provider, reason: error instanceof Error ? error.message : String(error) },
      'payment webhook refused',
    );
    throw invalidSignature();
  }
}

export interface EventKey {
  provider: PaymentProvider;
  eventId: string;
  type: string;
  /** The provider's customer the event is about, if it names one. */
  customerId: string | null;
  /** Our user, when the event carries it (a first checkout, before the customer is known). */
  userUuid?: string | null;
}

/** Handles a verified event once, with its user's plan row locked; answers what happened. */
export async function handleOnce(
  context: Context,
  key: EventKey,
  handle: (tx: Db, userUuid: string) => Promise<string>,
) {
  const { provider, eventId, type } = key;
  return context.db.transaction(async (tx) => {
    const claimed = await claimPaymentEvent(tx, { provider, eventId, type });
    if (!claimed) return { received: true, duplicate: true };
    let userUuid =
      (key.customerId ? await lockPlanOfCustomer(tx, provider, key.customerId) : undefined)
        ?.userUuid ?? null;
    if (!userUuid && key.userUuid && (await lockPlanForCharge(tx, key.userUuid))) {
      userUuid = key.userUuid;
    }
    if (!userUuid) {
      context.log.warn(
        { provider, eventId, type, customerId: key.customerId },
        'payment event for an unknown customer',
      );
      await settlePaymentEvent(tx, provider, eventId, {
        outcome: 'unknown customer',
        userUuid: null,
      });
      return { received: true, outcome: 'unknown customer' };
    }
    const outcome = await handle(tx, userUuid);
    await settlePaymentEvent(tx, provider, eventId, { outcome, userUuid });
    context.log.info({ provider, eventId, type, userUuid, outcome }, 'payment event handled');
    return { received: true, outcome };
  });
}
