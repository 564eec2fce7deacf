import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { updatePlanRow } from '../../repositories/credit-ledger.repository';
import type { PaddleEvent, PaddleGateway } from '../../repositories/payments/paddle-gateway';
import type { AccountContext } from '../accounts/account-context';
import { paddleOf } from './gateways';
import { handleOnce, verified, type EventOwner } from './payment-events.service';
import { applyPlanPeriod, endedPlanPatch, withdrawRefundedPeriod } from './plan-change.service';

// Paddle's webhooks: the plan changes only from what Paddle confirms, as with Stripe. Each event
// is verified with the webhook secret by Paddle's signature scheme (an HMAC of the timestamp and
// the body; the timestamp under five minutes old), then handled once with the plan row locked
// (payment-events.service.ts). A paid transaction of a subscription grants its billing period's
// credits once; past due, cancellation scheduled or undone, and the end follow the subscription.
// A musician is never billed twice for one plan: two overlays opened in two tabs and both paid
// make two subscriptions at Paddle, so the first payment of a subscription that finds another
// one linked ends that other one at Paddle at once and refunds what its paid period had left
// (the plan follows the subscription paid last).

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const object = (value: unknown): Json =>
  value && typeof value === 'object' ? (value as Json) : {};
const date = (value: unknown) => (text(value) ? new Date(value as string) : null);

/** The plan a paid transaction pays for: the plan of its price at this installation. */
function planOfTransaction(data: Json, priceIds: Record<string, string>): string | null {
  const items = Array.isArray(data.items) ? (data.items as Json[]) : [];
  const priceId = text(object(object(items[0]).price).id) ?? text(object(items[0]).price_id);
  const byPrice = Object.entries(priceIds).find(([, id]) => id === priceId)?.[0];
  return byPrice ?? null;
}

/** The subscription an event is about: a transaction's, or the subscription itself. */
function subscriptionOfEvent(event: PaddleEvent): string | null {
  if (event.event_type.startsWith('subscription.')) return text(event.data.id);
  if (event.event_type.startsWith('transaction.')) return text(event.data.subscription_id);
  return null;
}

async function handle(
  tx: Db,
  owner: EventOwner,
  event: PaddleEvent,
  priceIds: Record<string, string>,
  gateway: PaddleGateway,
): Promise<string> {
  const { userUuid, plan } = owner;
  const data = event.data;
  const subscription = subscriptionOfEvent(event);
  // The first payment of a checkout this user opened starts the subscription the plan follows
  // from then on; any other event counts only for the subscription the plan follows now.
  const firstPayment = event.event_type === 'transaction.completed' && owner.checkout !== null;
  if (!firstPayment && subscription && subscription !== plan.providerSubscriptionId) {
    return `ignored: not the current subscription (${subscription})`;
  }
  switch (event.event_type) {
    case 'transaction.completed': {
      if (!subscription) return 'ignored: not a subscription transaction';
      const planId = planOfTransaction(data, priceIds);
      if (!planId) return 'ignored: a price of no plan';
      const replaced = await endReplaced(tx, userUuid, gateway, plan, subscription, priceIds);
      const { granted } = await applyPlanPeriod(
        tx,
        userUuid,
        { planId, periodRef: text(data.id) ?? event.event_id, source: 'PADDLE' },
        {
          providerCustomerId: text(data.customer_id),
          providerSubscriptionId: subscription,
          periodEnd: date(object(data.billing_period).ends_at),
        },
      );
      return (granted ? `granted ${planId}` : `already granted ${planId}`) + replaced;
    }
    case 'subscription.past_due':
    case 'transaction.past_due':
      await updatePlanRow(tx, userUuid, { billingStatus: 'past_due', pastDue: true });
      return 'past_due';
    case 'subscription.activated':
    case 'subscription.updated':
    case 'subscription.resumed': {
      const status = text(data.status);
      await updatePlanRow(tx, userUuid, {
        cancelAtPeriodEnd: object(data.scheduled_change).action === 'cancel',
        periodEnd: date(object(data.current_billing_period).ends_at),
        ...(status === 'past_due'
          ? { billingStatus: 'past_due', pastDue: true }
          : status === 'active'
            ? { billingStatus: 'active', pastDue: false }
            : {}),
      });
      return `subscription ${status}`;
    }
    case 'subscription.canceled':
      await updatePlanRow(tx, userUuid, endedPlanPatch());
      return 'ended: free_tier';
    default:
      return `ignored: ${event.event_type}`;
  }
}

/**
 * The first payment of `subscription` while the plan follows another Paddle subscription: that
 * one is ended at Paddle now, with what its paid period had left refunded, before the plan moves
 * on. This runs with the plan row locked, so two first payments of one user are taken one after
 * the other whatever order their events come in. Should Paddle not answer, the error rolls the
 * event back and Paddle sends it again later. Answers what the outcome adds.
 */
async function endReplaced(
  tx: Db,
  userUuid: string,
  gateway: PaddleGateway,
  plan: EventOwner['plan'],
  subscription: string,
  priceIds: Record<string, string>,
): Promise<string> {
  const older = plan.paymentProcessor === 'PADDLE' ? plan.providerSubscriptionId : null;
  if (!older || older === subscription) return '';
  const { ended, payment, refunded, currency } = await gateway.endReplacedSubscription(
    older,
    `Replaced by subscription ${subscription} of the same account: one plan is billed once.`,
  );
  if (!ended) return '';
  // The refunded share of that payment's credits goes back with it.
  const planId = Object.entries(priceIds).find(([, id]) => id === payment?.priceId)?.[0];
  if (payment && planId && payment.total > 0) {
    await withdrawRefundedPeriod(
      tx,
      userUuid,
      { planId, periodRef: payment.transactionId },
      refunded / payment.total,
    );
  }
  return `; ended ${older}, refunded ${refunded}${currency ? ` ${currency}` : ''}`;
}

/**
 * POST /api/payment/webhooks/paddle: verifies and handles one event once. Answers what happened;
 * a missing, wrong or old signature is refused with 400 and logged; nothing changes.
 */
export async function receivePaddleEvent(
  context: Pick<AccountContext, 'db' | 'log' | 'config'>,
  rawBody: Buffer,
  signature: string | undefined,
  gateway: PaddleGateway | null = paddleOf(context.config),
) {
  const priceIds = context.config.payments.paddle?.priceIds;
  if (!gateway || !priceIds) {
    throw new AppError(404, 'NotFound', 'This installation has no overlay checkout.');
  }
  const event = verified('PADDLE', context, () => gateway.verifyEvent(rawBody, signature));
  if (!text(event.event_id) || !text(event.event_type)) {
    throw new AppError(400, 'InvalidData', 'The event has no event_id or event_type.');
  }
  const data = object(event.data);
  return handleOnce(
    context,
    {
      provider: 'PADDLE',
      eventId: event.event_id,
      type: event.event_type,
      customerId: text(data.customer_id),
      // A transaction's first payment belongs to whoever opened its checkout here.
      checkoutId: event.event_type.startsWith('transaction.') ? text(data.id) : null,
      namedUserUuid: text(object(data.custom_data).user_uuid),
    },
    (tx, owner) => handle(tx, owner, { ...event, data }, priceIds, gateway),
  );
}
