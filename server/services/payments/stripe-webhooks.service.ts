import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { updatePlanRow } from '../../repositories/credit-ledger.repository';
import type { StripeEvent, StripeGateway } from '../../repositories/payments/stripe-gateway';
import type { AccountContext } from '../accounts/account-context';
import { FREE_PLAN } from '../../../core/plans/catalogue';
import { handleOnce, verified, type EventOwner } from './payment-events.service';
import { applyPlanPeriod, endedPlanPatch } from './plan-change.service';
import { stripeOf } from './gateways';

// Stripe's webhooks: the plan changes only from what Stripe confirms. Each event is verified
// with the webhook secret (signature and a timestamp under five minutes old), recorded once by
// its id (a replayed or duplicate event changes nothing), and handled in one transaction with the
// customer's plan row locked.

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const toDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

type Outcome = string;

/** The subscription an event is about: an invoice's parent, or the subscription itself. */
function subscriptionOfEvent(event: StripeEvent): string | null {
  if (event.type.startsWith('invoice.')) {
    const invoice = event.data.object as Stripe.Invoice;
    return idOf(invoice.parent?.subscription_details?.subscription);
  }
  if (event.type.startsWith('customer.subscription.')) {
    return (event.data.object as Stripe.Subscription).id;
  }
  return null;
}

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

async function handle(tx: Db, owner: EventOwner, event: StripeEvent): Promise<Outcome> {
  const { userUuid, plan } = owner;
  // Only the subscription the plan follows changes it: an event of an older one (ended, or
  // replaced by a new checkout) is a leftover, and paying its old invoice buys nothing now.
  const subscription = subscriptionOfEvent(event);
  if (subscription && subscription !== plan.providerSubscriptionId) {
    return `ignored: not the current subscription (${subscription})`;
  }
  switch (event.type) {
    case 'invoice.paid':
      return invoicePaid(tx, userUuid, event.data.object);
    case 'invoice.payment_failed':
    case 'invoice.payment_action_required':
      // A renewal the card's bank wants the cardholder to authenticate (3-D Secure) is past due
      // until they do, on My Plan (Issue Detected).
      // The first invoice's payment is the checkout's, which the browser is still confirming:
      // the plan was never paid, so there is nothing to be past due on.
      if (event.data.object.billing_reason === 'subscription_create') {
        return `ignored: ${event.type} of the first payment`;
      }
      await updatePlanRow(tx, userUuid, { billingStatus: 'past_due', pastDue: true });
      return 'past_due';
    case 'customer.subscription.updated': {
      const object = event.data.object;
      const item = object.items?.data?.[0];
      await updatePlanRow(tx, userUuid, {
        cancelAtPeriodEnd: object.cancel_at_period_end,
        periodEnd: toDate(item?.current_period_end),
        ...(object.status === 'past_due' || object.status === 'unpaid'
          ? { billingStatus: 'past_due', pastDue: true }
          : object.status === 'active'
            ? { billingStatus: 'active', pastDue: false }
            : {}),
      });
      return `subscription ${object.status}`;
    }
    case 'customer.subscription.deleted':
      await updatePlanRow(tx, userUuid, endedPlanPatch());
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
  const event = verified('STRIPE', context, () => gateway.verifyEvent(rawBody, signature));
  return handleOnce(
    context,
    { provider: 'STRIPE', eventId: event.id, type: event.type, customerId: customerOf(event) },
    (tx, owner) => handle(tx, owner, event),
  );
}
