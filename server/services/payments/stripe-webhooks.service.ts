import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { updatePlanRow } from '../../repositories/credit-ledger.repository';
import {
  claimPaymentEvent,
  lockPlanOfCustomer,
  settlePaymentEvent,
} from '../../repositories/payments/payment-events.repository';
import type { StripeEvent, StripeGateway } from '../../repositories/payments/stripe-gateway';
import type { AccountContext } from '../accounts/account-context';
import { FREE_PLAN } from '../../../core/plans/catalogue';
import { applyPlanPeriod } from './plan-change.service';
import { stripeOf } from './stripe-of';

// Stripe's webhooks: the plan changes only from what Stripe confirms. Each event is verified
// with the webhook secret (signature and a timestamp under five minutes old), recorded once by
// its id (a replayed or duplicate event changes nothing), and handled in one transaction with the
// customer's plan row locked.

export const invalidSignature = () =>
  new AppError(400, 'InvalidSignature', "The event's signature could not be verified.");

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const toDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

type Outcome = string;

/** invoice.paid: a paid period of a subscription; its credits are granted once (ref: the invoice). */
async function invoicePaid(tx: Db, userUuid: string, invoice: Stripe.Invoice): Promise<Outcome> {
  const details = invoice.parent?.subscription_details;
  const planId = details?.metadata?.plan;
  if (!details || !planId) return 'ignored: not a subscription invoice';
  const line = invoice.lines?.data?.[0];
  const { granted } = await applyPlanPeriod(
    tx,
    userUuid,
    { planId, periodRef: invoice.id ?? 'unknown', source: 'STRIPE' },
    {
      providerSubscriptionId: idOf(details.subscription),
      periodEnd: toDate(line?.period?.end ?? invoice.period_end),
    },
  );
  return granted ? `granted ${planId}` : `already granted ${planId}`;
}

async function handle(tx: Db, userUuid: string, event: StripeEvent): Promise<Outcome> {
  switch (event.type) {
    case 'invoice.paid':
      return invoicePaid(tx, userUuid, event.data.object);
    case 'invoice.payment_failed':
      await updatePlanRow(tx, userUuid, { billingStatus: 'past_due', pastDue: true });
      return 'past_due';
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const item = subscription.items?.data?.[0];
      await updatePlanRow(tx, userUuid, {
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        periodEnd: toDate(item?.current_period_end),
        ...(subscription.status === 'past_due' || subscription.status === 'unpaid'
          ? { billingStatus: 'past_due', pastDue: true }
          : subscription.status === 'active'
            ? { billingStatus: 'active', pastDue: false }
            : {}),
      });
      return `subscription ${subscription.status}`;
    }
    case 'customer.subscription.deleted':
      await updatePlanRow(tx, userUuid, {
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
      });
      return `ended: ${FREE_PLAN}`;
    default:
      return `ignored: ${event.type}`;
  }
}

const customerOf = (event: StripeEvent): string | null => {
  const object = event.data.object as { customer?: string | { id: string } | null };
  return idOf(object.customer);
};

/**
 * POST /api/payment/webhooks/stripe: verifies and handles one event once. Answers what happened;
 * a bad or old signature is refused with 400 and logged; nothing changes.
 */
export async function receiveStripeEvent(
  context: Pick<AccountContext, 'db' | 'log' | 'config'>,
  rawBody: Buffer,
  signature: string | undefined,
  gateway: StripeGateway | null = stripeOf(context.config),
) {
  if (!gateway) throw new AppError(404, 'NotFound', 'This installation takes no card payments.');
  let event: StripeEvent;
  try {
    event = gateway.verifyEvent(rawBody, signature);
  } catch (error) {
    context.log.warn(
      { provider: 'STRIPE', reason: error instanceof Error ? error.message : String(error) },
      'payment webhook refused',
    );
    throw invalidSignature();
  }
  return context.db.transaction(async (tx) => {
    const claimed = await claimPaymentEvent(tx, {
      provider: 'STRIPE',
      eventId: event.id,
      type: event.type,
    });
    if (!claimed) return { received: true, duplicate: true };
    const customerId = customerOf(event);
    const plan = customerId ? await lockPlanOfCustomer(tx, 'STRIPE', customerId) : undefined;
    if (!plan) {
      context.log.warn(
        { provider: 'STRIPE', eventId: event.id, type: event.type, customerId },
        'payment event for an unknown customer',
      );
      await settlePaymentEvent(tx, 'STRIPE', event.id, {
        outcome: 'unknown customer',
        userUuid: null,
      });
      return { received: true, outcome: 'unknown customer' };
    }
    const outcome = await handle(tx, plan.userUuid, event);
    await settlePaymentEvent(tx, 'STRIPE', event.id, { outcome, userUuid: plan.userUuid });
    context.log.info(
      { provider: 'STRIPE', eventId: event.id, type: event.type, userUuid: plan.userUuid, outcome },
      'payment event handled',
    );
    return { received: true, outcome };
  });
}
