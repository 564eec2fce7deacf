// The card payment provider's adapter: the official `stripe` client, with the installation's keys,
// pointed at STRIPE_API_URL when set (a local server that speaks Stripe's API, in tests). Only
// the calls the product makes; amounts come from the plan catalogue (core/plans).

import Stripe from 'stripe';
import type { Config } from '../../config';

export type StripeConfig = NonNullable<Config['payments']['stripe']>;
export type StripeEvent = Stripe.Event;

/** Events older than this (by their signed timestamp) are refused: five minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface CardSummary {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface StripeGateway {
  /** The verified event, or a thrown Stripe signature error. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): StripeEvent;
  /** A customer for the user; the key makes a retried creation answer the same customer. */
  createCustomer(email: string, userUuid: string, idempotencyKey: string): Promise<string>;
  /** Attaches the card to the customer and makes it their default; answers its summary. */
  attachCard(customerId: string, paymentMethodId: string): Promise<CardSummary>;
  /**
   * A subscription whose first invoice waits for the browser to confirm its payment (Stripe's
   * incomplete-payment flow: the card may need 3-D Secure). Answers the client secret of that
   * payment, which Stripe.js confirms; Stripe activates the subscription when it is paid.
   */
  createSubscription(input: {
    customerId: string;
    paymentMethodId: string;
    planId: string;
    productId: string;
    currency: string;
    amount: number;
    interval: 'month' | 'year';
    promoKey: string | null;
    idempotencyKey: string;
  }): Promise<{ id: string; status: string; clientSecret: string | null }>;
  /** The customer's subscriptions that have not ended (incomplete, active, past due, ...). */
  liveSubscriptions(customerId: string): Promise<{ id: string; status: string }[]>;
  /** Ends a subscription at once: nothing more is charged. Already ended is fine. */
  cancelSubscriptionNow(subscriptionId: string): Promise<void>;
  /** Sets whether the subscription ends with its current period; answers the period's end. */
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
  ): Promise<{ cancelAtPeriodEnd: boolean; periodEnd: Date | null; status: string }>;
  /** Moves the subscription to another plan's price from its next period (no proration). */
  changeSubscriptionPlan(input: {
    subscriptionId: string;
    planId: string;
    productId: string;
    /** The plan's price in each currency: the subscription keeps the currency it was paid in. */
    prices: Readonly<Record<string, number>>;
    interval: 'month' | 'year';
  }): Promise<{ periodEnd: Date | null; amount: number; currency: string }>;
  /** The customer's invoices, newest first; `open` only the unpaid ones. */
  listInvoices(customerId: string, open?: boolean): Promise<InvoiceSummary[]>;
  /**
   * Tries to pay an open invoice with the customer's default card. When the card's bank asks the
   * cardholder to authenticate (3-D Secure), answers the payment's client secret for Stripe.js.
   */
  payInvoice(invoiceId: string): Promise<{ invoice: InvoiceSummary; clientSecret: string | null }>;
  /** The customer's default card, if any. */
  defaultCard(customerId: string): Promise<CardSummary | null>;
}

export interface InvoiceSummary {
  id: string;
  customer: string | null;
  number: string | null;
  status: string | null;
  amount_due: number;
  amount_paid: number;
  currency: string;
  created: string;
  hosted_invoice_url: string | null;
}

const invoiceSummary = (invoice: Stripe.Invoice): InvoiceSummary => ({
  id: invoice.id ?? '',
  customer:
    typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null),
  number: invoice.number ?? null,
  status: invoice.status ?? null,
  amount_due: invoice.amount_due,
  amount_paid: invoice.amount_paid,
  currency: invoice.currency.toUpperCase(),
  created: new Date(invoice.created * 1000).toISOString(),
  hosted_invoice_url: invoice.hosted_invoice_url ?? null,
});

function clientOptions(config: StripeConfig): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, telemetry: false, timeout: 20_000 };
  if (!config.apiUrl) return options;
  const url = new URL(config.apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

const cardOf = (method: Stripe.PaymentMethod): CardSummary => ({
  brand: method.card?.brand ?? 'card',
  last4: method.card?.last4 ?? '????',
  exp_month: method.card?.exp_month ?? 0,
  exp_year: method.card?.exp_year ?? 0,
});

export function stripeGateway(config: StripeConfig): StripeGateway {
  const stripe = new Stripe(config.secretKey, clientOptions(config));
  return {
    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        config.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    },
    async createCustomer(email, userUuid, idempotencyKey) {
      const customer = await stripe.customers.create(
        { email, metadata: { user_uuid: userUuid } },
        { idempotencyKey },
      );
      return customer.id;
    },
    async attachCard(customerId, paymentMethodId) {
      const method = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
      return cardOf(method);
    },
    async createSubscription(input) {
      const subscription = await stripe.subscriptions.create(
        {
          customer: input.customerId,
          default_payment_method: input.paymentMethodId,
          items: [
            {
              price_data: {
                currency: input.currency.toLowerCase(),
                product: input.productId,
                unit_amount: input.amount,
                recurring: { interval: input.interval },
              },
            },
          ],
          metadata: { plan: input.planId, ...(input.promoKey ? { promo: input.promoKey } : {}) },
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const invoice = subscription.latest_invoice;
      const secret =
        invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : null;
      return { id: subscription.id, status: subscription.status, clientSecret: secret ?? null };
    },
    async liveSubscriptions(customerId) {
      const page = await stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 100,
      });
      return page.data
        .filter((each) => each.status !== 'canceled' && each.status !== 'incomplete_expired')
        .map((each) => ({ id: each.id, status: each.status }));
    },
    async cancelSubscriptionNow(subscriptionId) {
      const current = await stripe.subscriptions.retrieve(subscriptionId);
      if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
      await stripe.subscriptions.cancel(subscriptionId);
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const subscription = await stripe.subscriptions.update(subscriptionId, {
        cancel_at_period_end: cancel,
      });
      const end = subscription.items.data[0]?.current_period_end;
      return {
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
        periodEnd: end ? new Date(end * 1000) : null,
        status: subscription.status,
      };
    },
    async changeSubscriptionPlan(input) {
      const current = await stripe.subscriptions.retrieve(input.subscriptionId);
      const item = current.items.data[0];
      const currency = (item?.price.currency ?? 'usd').toUpperCase();
      const amount = input.prices[currency];
      if (amount === undefined) throw new Error(`no ${currency} price for ${input.planId}`);
      const subscription = await stripe.subscriptions.update(input.subscriptionId, {
        items: [
          {
            ...(item ? { id: item.id } : {}),
            price_data: {
              currency: currency.toLowerCase(),
              product: input.productId,
              unit_amount: amount,
              recurring: { interval: input.interval },
            },
          },
        ],
        metadata: { plan: input.planId },
        proration_behavior: 'none',
      });
      const end = subscription.items.data[0]?.current_period_end;
      return { periodEnd: end ? new Date(end * 1000) : null, amount, currency };
    },
    async listInvoices(customerId, open = false) {
      const page = await stripe.invoices.list({
        customer: customerId,
        limit: 100,
        ...(open ? { status: 'open' as const } : {}),
      });
      return page.data.map(invoiceSummary);
    },
    async payInvoice(invoiceId) {
      try {
        return {
          invoice: invoiceSummary(await stripe.invoices.pay(invoiceId)),
          clientSecret: null,
        };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        if (error.code !== 'invoice_payment_intent_requires_action') throw error;
        const invoice = await stripe.invoices.retrieve(invoiceId, {
          expand: ['confirmation_secret'],
        });
        const secret = invoice.confirmation_secret?.client_secret ?? null;
        if (!secret) throw error;
        return { invoice: invoiceSummary(invoice), clientSecret: secret };
      }
    },
    async defaultCard(customerId) {
      const customer = await stripe.customers.retrieve(customerId, {
        expand: ['invoice_settings.default_payment_method'],
      });
      if (customer.deleted) return null;
      const method = customer.invoice_settings.default_payment_method;
      return method && typeof method !== 'string' ? cardOf(method) : null;
    },
  };
}
