import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { updatePlanRow } from '../../repositories/credit-ledger.repository';
import type { StripeEvent, StripeGateway } from '../../repositories/payments/stripe-gateway';
import type { AccountContext } from '../accounts/account-context';
import { FREE_PLAN } from '../../../core/plans/catalogue';
import { handleOnce, verified } from './payment-events.service';
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
    (tx, userUuid) => handle(tx, userUuid, event),
  );
}
