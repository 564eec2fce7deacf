import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { lockPlanRow } from '../../repositories/credit-ledger.repository';
import {
  claimPaymentEvent,
  findCheckout,
  lockPlanOfCustomer,
  settlePaymentEvent,
  type PaymentProvider,
} from '../../repositories/payments/payment-events.repository';
import type { PlanRow } from '../../repositories/users.repository';
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
  /**
   * The checkout (a Paddle transaction) the event is about, when this installation opened it:
   * its first payment belongs to the user who opened it, whoever the customer seems to be.
   */
  checkoutId?: string | null;
  /** The user the event's own data names (custom data), which must agree with the binding. */
  namedUserUuid?: string | null;
}

/** What a provider's handler gets: the event's user, their plan row locked, and the checkout. */
export interface EventOwner {
  userUuid: string;
  plan: PlanRow;
  /** Set when the event is about a checkout this user opened. */
  checkout: { plan: string } | null;
}

type Resolution = { owner: EventOwner } | { refused: string } | null;

/** Whose event it is: a checkout's binding first, then the provider's customer. */
async function ownerOf(tx: Db, key: EventKey): Promise<Resolution> {
  const byCustomer = key.customerId
    ? await lockPlanOfCustomer(tx, key.provider, key.customerId)
    : undefined;
  const bound = key.checkoutId ? await findCheckout(tx, key.provider, key.checkoutId) : undefined;
  if (bound) {
    if (byCustomer && byCustomer.userUuid !== bound.userUuid) {
      return { refused: "refused: the checkout's customer belongs to another user" };
    }
    if (key.namedUserUuid && key.namedUserUuid !== bound.userUuid) {
      return { refused: 'refused: the event names another user than the checkout' };
    }
    const plan = byCustomer ?? (await lockPlanRow(tx, bound.userUuid));
    return plan ? { owner: { userUuid: bound.userUuid, plan, checkout: bound } } : null;
  }
  return byCustomer
    ? { owner: { userUuid: byCustomer.userUuid, plan: byCustomer, checkout: null } }
    : null;
}

/** Outcomes that mean the event was not applied on purpose; logged as warnings. */
export const isRefusal = (outcome: string) =>
  outcome.startsWith('refused:') || outcome.startsWith('ignored: not the current');

/** Handles a verified event once, with its user's plan row locked; answers what happened. */
export async function handleOnce(
  context: Context,
  key: EventKey,
  handle: (tx: Db, owner: EventOwner) => Promise<string>,
) {
  const { provider, eventId, type } = key;
  return context.db.transaction(async (tx) => {
    const claimed = await claimPaymentEvent(tx, { provider, eventId, type });
    if (!claimed) return { received: true, duplicate: true };
    const resolution = await ownerOf(tx, key);
    if (!resolution || 'refused' in resolution) {
      const outcome = resolution?.refused ?? 'unknown customer';
      context.log.warn(
        {
          provider,
          eventId,
          type,
          customerId: key.customerId,
          checkoutId: key.checkoutId,
          outcome,
        },
        'payment event not applied',
      );
      await settlePaymentEvent(tx, provider, eventId, { outcome, userUuid: null });
      return { received: true, outcome };
    }
    const { owner } = resolution;
    const outcome = await handle(tx, owner);
    await settlePaymentEvent(tx, provider, eventId, { outcome, userUuid: owner.userUuid });
    const details = { provider, eventId, type, userUuid: owner.userUuid, outcome };
    if (isRefusal(outcome)) context.log.warn(details, 'payment event not applied');
    else context.log.info(details, 'payment event handled');
    return { received: true, outcome };
  });
}
