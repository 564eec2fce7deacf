// The overlay checkout provider's adapter: Paddle Billing through the official Node SDK, with the
// installation's API key, pointed at PADDLE_API_URL when set (a local server that speaks Paddle's
// API, in tests). Plans map to the installation's Paddle price ids (PADDLE_PRICE_IDS); what each
// costs in each currency is set on those prices at Paddle, to the catalogue's amounts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Environment, Paddle, type Transaction } from '@paddle/paddle-node-sdk';
import { unusedRefund } from '../../../core/plans/refund';
import type { Config } from '../../config';
import type { CardSummary, InvoiceSummary } from './stripe-gateway';

export type PaddleConfig = NonNullable<Config['payments']['paddle']>;

/** Events older than this (by their signed timestamp) are refused: five minutes, as for Stripe. */
export const PADDLE_TOLERANCE_SECONDS = 300;

/** A Paddle notification, as its webhook body has it (snake_case, as Paddle sends it). */
export interface PaddleEvent {
  event_id: string;
  event_type: string;
  occurred_at: string;
  data: Record<string, unknown>;
}

/** What endReplacedSubscription did: the payment refunded (of its price), and how much of it. */
export interface ReplacedSubscription {
  ended: boolean;
  /** The last paid transaction of the subscription, its price and total; null if none. */
  payment: { transactionId: string; priceId: string | null; total: number } | null;
  /** Minor units refunded of that payment (by this call or an earlier one). */
  refunded: number;
  currency: string | null;
}

export interface PaddleGateway {
  /** The verified event; throws when the signature is missing, wrong or too old. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, nowMs?: number): PaddleEvent;
  /** A transaction for the overlay checkout to collect: the plan's price, the user in its data. */
  createCheckout(input: {
    planId: string;
    priceId: string;
    userUuid: string;
    email: string;
    promoKey: string | null;
    customerId: string | null;
  }): Promise<{ transactionId: string }>;
  /** Sets whether the subscription ends with its current period; answers the period's end. */
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
  ): Promise<{ cancelAtPeriodEnd: boolean; periodEnd: Date | null }>;
  /** Ends a subscription at once: nothing more is billed. Already ended is fine. */
  cancelSubscriptionNow(subscriptionId: string): Promise<void>;
  /**
   * Ends at once a subscription another one of the same user replaces, and refunds what its last
   * paid period had left (unusedRefund). One already ended is left as it is; a payment refunded
   * before is not refunded again, so a retried call refunds once.
   */
  endReplacedSubscription(
    subscriptionId: string,
    reason: string,
    now?: Date,
  ): Promise<ReplacedSubscription>;
  /** Moves the subscription to another price from its next billing (nothing billed now). */
  changePrice(
    subscriptionId: string,
    input: { planId: string; priceId: string },
  ): Promise<{ periodEnd: Date | null; amount: number; currency: string }>;
  /** The customer's transactions, newest first, as invoices; `open` only the unpaid ones. */
  listInvoices(customerId: string, open?: boolean): Promise<InvoiceSummary[]>;
  /** The card of the customer's last paid transaction, if any. */
  lastCard(customerId: string): Promise<CardSummary | null>;
}

/** Paddle-Signature: `ts=<unix seconds>;h1=<hex HMAC-SHA256 of "<ts>:<raw body>">`. */
function signatureParts(header: string | undefined): { ts: number; h1: string[] } | null {
  if (!header) return null;
  let ts = Number.NaN;
  const h1: string[] = [];
  for (const part of header.split(';')) {
    const [key, value] = part.split('=');
    if (key === 'ts' && value) ts = Number(value);
    if (key === 'h1' && value) h1.push(value);
  }
  return Number.isInteger(ts) && h1.length > 0 ? { ts, h1 } : null;
}

/**
 * Checks a Paddle signature by Paddle's scheme. (The SDK's own check allows five seconds of
 * delay; we allow five minutes, as for Stripe, so a slow delivery is not lost.)
 */
export function verifyPaddleSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowMs = Date.now(),
): void {
  const parts = signatureParts(header);
  if (!parts) throw new Error('missing or malformed Paddle-Signature');
  if (Math.abs(nowMs / 1000 - parts.ts) > PADDLE_TOLERANCE_SECONDS) {
    throw new Error('timestamp outside the tolerance zone');
  }
  const expected = createHmac('sha256', secret).update(`${parts.ts}:`).update(rawBody).digest();
  const matches = parts.h1.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new Error('no signature matches the payload');
}

const minor = (amount: string | undefined | null) => Number.parseInt(amount ?? '0', 10) || 0;

const invoiceOf = (transaction: Transaction): InvoiceSummary => {
  const total = minor(transaction.details?.totals?.total);
  const paid = transaction.status === 'completed' || transaction.status === 'paid';
  return {
    id: transaction.id,
    customer: transaction.customerId,
    number: transaction.invoiceNumber,
    status: paid ? 'paid' : transaction.status === 'past_due' ? 'open' : transaction.status,
    amount_due: total,
    amount_paid: paid ? total : 0,
    currency: transaction.currencyCode,
    created: new Date(transaction.createdAt).toISOString(),
    hosted_invoice_url: null,
  };
};

export function paddleGateway(config: PaddleConfig): PaddleGateway {
  const paddle = new Paddle(config.apiKey, {
    // The SDK takes a base URL where it takes an environment name (a local server in tests).
    environment: (config.apiUrl ??
      (config.environment === 'production'
        ? Environment.production
        : Environment.sandbox)) as Environment,
  });
  return {
    verifyEvent(rawBody, signature, nowMs) {
      verifyPaddleSignature(rawBody, signature, config.webhookSecret, nowMs);
      return JSON.parse(rawBody.toString('utf8')) as PaddleEvent;
    },
    async createCheckout(input) {
      const transaction = await paddle.transactions.create({
        items: [{ priceId: input.priceId, quantity: 1 }],
        customData: {
          user_uuid: input.userUuid,
          plan: input.planId,
          ...(input.promoKey ? { promo: input.promoKey } : {}),
        },
        ...(input.customerId ? { customerId: input.customerId } : {}),
      });
      return { transactionId: transaction.id };
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const subscription = cancel
        ? await paddle.subscriptions.cancel(subscriptionId, {
            effectiveFrom: 'next_billing_period',
          })
        : await paddle.subscriptions.update(subscriptionId, { scheduledChange: null });
      const end = subscription.currentBillingPeriod?.endsAt;
      return {
        cancelAtPeriodEnd: subscription.scheduledChange?.action === 'cancel',
        periodEnd: end ? new Date(end) : null,
      };
    },
    async cancelSubscriptionNow(subscriptionId) {
      const current = await paddle.subscriptions.get(subscriptionId);
      if (current.status === 'canceled') return;
      await paddle.subscriptions.cancel(subscriptionId, { effectiveFrom: 'immediately' });
    },
    async endReplacedSubscription(subscriptionId, reason, now = new Date()) {
      const subscription = await paddle.subscriptions.get(subscriptionId);
      if (subscription.status === 'canceled')
        return { ended: false, payment: null, refunded: 0, currency: null };
      // The refund first: should the cancel then fail, the retried call finds it made.
      const [paid] = await paddle.transactions
        .list({
          subscriptionId: [subscriptionId],
          status: ['completed'],
          orderBy: 'created_at[DESC]',
        })
        .next();
      let refunded = 0;
      const period = paid?.billingPeriod;
      const total = minor(paid?.details?.totals?.total);
      if (paid && period) {
        const earlier = await paddle.adjustments
          .list({
            transactionId: [paid.id],
            action: 'refund',
            status: ['pending_approval', 'approved'],
          })
          .next();
        const amount = unusedRefund(
          total,
          { startsAt: new Date(period.startsAt), endsAt: new Date(period.endsAt) },
          now,
        );
        const itemId = paid.details?.lineItems[0]?.id;
        if (earlier.length > 0) {
          refunded = earlier.reduce((sum, each) => sum + minor(each.totals?.total), 0);
        } else if (amount >= total && amount > 0) {
          await paddle.adjustments.create({
            action: 'refund',
            transactionId: paid.id,
            reason,
            type: 'full',
          });
          refunded = amount;
        } else if (amount > 0 && itemId) {
          await paddle.adjustments.create({
            action: 'refund',
            transactionId: paid.id,
            reason,
            type: 'partial',
            items: [{ itemId, type: 'partial', amount: String(amount) }],
          });
          refunded = amount;
        }
      }
      await paddle.subscriptions.cancel(subscriptionId, { effectiveFrom: 'immediately' });
      return {
        ended: true,
        payment: paid
          ? { transactionId: paid.id, priceId: paid.items[0]?.price?.id ?? null, total }
          : null,
        refunded,
        currency: paid?.currencyCode ?? null,
      };
    },
    async changePrice(subscriptionId, input) {
      const subscription = await paddle.subscriptions.update(subscriptionId, {
        items: [{ priceId: input.priceId, quantity: 1 }],
        prorationBillingMode: 'do_not_bill',
        customData: { plan: input.planId },
      });
      const end = subscription.currentBillingPeriod?.endsAt;
      return {
        periodEnd: end ? new Date(end) : null,
        amount: minor(subscription.items[0]?.price.unitPrice.amount),
        currency: subscription.currencyCode,
      };
    },
    async listInvoices(customerId, open = false) {
      const page = await paddle.transactions
        .list({
          customerId: [customerId],
          status: open ? ['past_due'] : ['completed', 'paid', 'past_due'],
          orderBy: 'created_at[DESC]',
        })
        .next();
      return page.map(invoiceOf);
    },
    async lastCard(customerId) {
      const [latest] = await paddle.transactions
        .list({ customerId: [customerId], status: ['completed'], orderBy: 'created_at[DESC]' })
        .next();
      const card = latest?.payments.find((payment) => payment.methodDetails?.card)?.methodDetails
        ?.card;
      return card
        ? {
            brand: card.type,
            last4: card.last4,
            exp_month: card.expiryMonth,
            exp_year: card.expiryYear,
          }
        : null;
    },
  };
}
