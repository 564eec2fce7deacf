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
  createCustomer(email: string, userUuid: string): Promise<string>;
  /** Attaches the card to the customer and makes it their default; answers its summary. */
  attachCard(customerId: string, paymentMethodId: string): Promise<CardSummary>;
  createSubscription(input: {
    customerId: string;
    paymentMethodId: string;
    planId: string;
    productId: string;
    currency: string;
    amount: number;
    interval: 'month' | 'year';
    promoKey: string | null;
  }): Promise<{ id: string; status: string }>;
}

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
    async createCustomer(email, userUuid) {
      const customer = await stripe.customers.create({ email, metadata: { user_uuid: userUuid } });
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
      const subscription = await stripe.subscriptions.create({
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
        payment_behavior: 'error_if_incomplete',
      });
      return { id: subscription.id, status: subscription.status };
    },
  };
}
