// A local HTTP server that answers the part of Stripe's API the product uses (customers, payment
// methods, subscriptions, invoices, payment intents), as Stripe does: form-encoded requests, JSON
// objects, card errors as 402 `card_error`, idempotency keys honoured. The product's real
// `stripe` client reaches it through its host, port and protocol options (STRIPE_API_URL); the
// browser's Stripe.js stand-in reaches its payment-intent calls through the test's routing of
// https://api.stripe.com. Subscriptions are created incomplete (Stripe's `default_incomplete`)
// and paid when their payment intent is confirmed, as Stripe.js does; a card that needs 3-D
// Secure answers `requires_action` until the challenge is completed or failed (`authenticate`,
// the buttons of Stripe's test challenge page). Like Stripe, it sends webhook events for what
// happens, signed with the real library's test-header helper; tests send more through sendEvent.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STAND_IN_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin_secret',
  STRIPE_PRODUCT_ID: 'prod_waveframe',
};

/** Test card PaymentMethod ids, as Stripe's test mode names them. */
export const DECLINED_CARD = 'pm_card_chargeDeclined';
/** A card whose bank asks for 3-D Secure on every payment, on and off session (4000 0027 6000 3184). */
export const AUTHENTICATION_CARD = 'pm_card_authenticationRequired';

/** What Stripe says when the cardholder fails or leaves the 3-D Secure challenge. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** A charge Stripe took: what the tests check the server asked for. */
export interface Charge {
  customer: string;
  subscription: string;
  invoice: string;
  amount: number;
  currency: string;
  plan: string;
}

export interface StripeStandIn {
  url: string;
  /** Where events go (the server's /api/payment/webhooks/stripe); set once the server runs. */
  webhookUrl: string;
  charges: Charge[];
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  /** While true, every call of Stripe's API answers 503, as when Stripe cannot be reached. */
  outage: boolean;
  /** The Idempotency-Key headers the server sent with its POSTs to a path, in order. */
  idempotencyKeys(path: string): string[];
  /** Signs (unless told otherwise) and posts one event; answers the server's reply. */
  sendEvent(
    type: string,
    object: Json,
    options?: { id?: string; timestamp?: number; signature?: string | null; secret?: string },
  ): Promise<{ status: number; body: Json; eventId: string }>;
  /** An invoice of a subscription as Stripe sends it in invoice.* events (with its payment intent). */
  invoiceOf(
    subscriptionId: string,
    options?: { id?: string; paid?: boolean; first?: boolean },
  ): Json;
  /**
   * What Stripe.js does on the page with a client secret: confirms the payment intent with a
   * card (over HTTP, with the publishable key). Answers the payment intent or Stripe's error.
   */
  confirmAsBrowser(
    clientSecret: string,
    paymentMethod?: string,
  ): Promise<{ status: number; body: Json }>;
  /** The cardholder completes or fails the 3-D Secure challenge of a payment intent. */
  authenticate(paymentIntentId: string, result: 'complete' | 'fail'): Promise<Json>;
  /** The subscription's next period is charged to the customer's default card, as Stripe would. */
  renew(subscriptionId: string): Promise<Json>;
  /** Events sent by the stand-in itself (the first invoices), settled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

async function readForm(request: IncomingMessage): Promise<Map<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Map(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

const cardError = (message: string) => ({
  status: 402,
  body: {
    error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message },
  },
});
const notFound = (what: string) => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
  },
});

/**
 * The stand-in's own control path (not Stripe's API): `POST /_stand-in/fail-renewal?email=`
 * makes the renewal of that customer's subscription fail, as a declined card would, and sends
 * the events Stripe sends then. End-to-end tests, which run the stand-in in another process,
 * use it to make a plan past due.
 */
export const FAIL_RENEWAL_PATH = '/_stand-in/fail-renewal';
/** `POST /_stand-in/renew?email=`: the next period is charged to the customer's default card. */
export const RENEW_PATH = '/_stand-in/renew';
/** `POST /_stand-in/3ds/<payment intent>?result=complete|fail`: the test challenge page's buttons. */
export const AUTHENTICATE_PATH = '/_stand-in/3ds';
/** `GET /_stand-in/subscriptions?email=`: every subscription of that email's customers, any state. */
export const SUBSCRIPTIONS_PATH = '/_stand-in/subscriptions';

/**
 * What Stripe.js does with a payment's client secret: confirms the payment intent with a card,
 * over HTTP with the publishable key, at Stripe's API (`apiUrl`: the stand-in's address).
 */
export async function confirmAsStripeJs(
  apiUrl: string,
  clientSecret: string,
  paymentMethodId?: string,
): Promise<{ status: number; body: Json }> {
  const intentId = clientSecret.split('_secret_')[0]!;
  const form = new URLSearchParams({
    key: STAND_IN_KEYS.STRIPE_PUBLISHABLE_KEY,
    client_secret: clientSecret,
    ...(paymentMethodId ? { payment_method: paymentMethodId } : {}),
  });
  const response = await fetch(`${apiUrl}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

export async function startStripeStandIn(options: { port?: number } = {}): Promise<StripeStandIn> {
  const signer = new Stripe(STAND_IN_KEYS.STRIPE_SECRET_KEY);
  const customers = new Map<string, Json>();
  const methods = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  /** Every invoice made, oldest first. */
  const invoices = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const charges: Charge[] = [];
  const pending = new Set<Promise<unknown>>();
  /** Answers already given to a POST with an Idempotency-Key: the same key gets the same answer. */
  const idempotent = new Map<string, { status: number; body: Json }>();
  const keysByPath = new Map<string, string[]>();

  const paymentMethod = (pmId: string, customer: string | null): Json => ({
    id: pmId,
    object: 'payment_method',
    type: 'card',
    customer,
    card: {
      brand: 'visa',
      last4: pmId === DECLINED_CARD ? '0002' : pmId === AUTHENTICATION_CARD ? '3184' : '4242',
      exp_month: 12,
      exp_year: 2034,
    },
  });

  const subscriptionOfInvoice = (invoice: Json) =>
    subscriptions.get(
      (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
        .subscription,
    );

  /** The payment intent is paid: its invoice too, the subscription active, the charge taken. */
  const succeed = (intent: Json) => {
    intent.status = 'succeeded';
    intent.next_action = null;
    intent.last_payment_error = null;
    const invoice = invoices.get(intent.invoice as string)!;
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    const subscription = subscriptionOfInvoice(invoice)!;
    charges.push({
      customer: subscription.customer as string,
      subscription: subscription.id as string,
      invoice: invoice.id as string,
      amount: invoice.amount_due as number,
      currency: String(invoice.currency),
      plan: ((subscription.metadata as Json).plan as string) ?? '',
    });
    later('invoice.paid', invoice);
    if (subscription.status !== 'active') {
      subscription.status = 'active';
      later('customer.subscription.updated', subscription);
    }
  };

  /** The payment was refused (declined, or the challenge failed): the invoice stays open. */
  const refuse = (intent: Json, error: Json) => {
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = error;
    later('invoice.payment_failed', invoices.get(intent.invoice as string)!);
  };

  const declined = (): Json => ({
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  });

  /**
   * Charges a payment intent to a card, as Stripe does: a good card pays, a declined one is
   * refused, one that needs 3-D Secure waits for the cardholder (requires_action).
   */
  const attempt = (intent: Json, card: string): 'paid' | 'declined' | 'requires_action' => {
    intent.payment_method = card;
    if (card === DECLINED_CARD) {
      refuse(intent, { ...declined(), payment_method: paymentMethod(card, null) });
      return 'declined';
    }
    if (card === AUTHENTICATION_CARD) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: AUTHENTICATE_PATH },
      };
      return 'requires_action';
    }
    succeed(intent);
    return 'paid';
  };

  const standIn: StripeStandIn = {
    url: '',
    webhookUrl: '',
    charges,
    customers,
    subscriptions,
    invoices,
    paymentIntents,
    outage: false,
    idempotencyKeys: (path) => keysByPath.get(path) ?? [],
    invoiceOf(subscriptionId, options = {}) {
      const subscription = subscriptions.get(subscriptionId)!;
      const start = now();
      const end = start + 30 * 24 * 3600;
      const items = (subscription.items as { data: Json[] }).data[0]!;
      const price = items.price as Json;
      const paid = options.paid !== false;
      const invoiceId = options.id ?? id('in');
      const intent: Json = {
        id: id('pi'),
        object: 'payment_intent',
        amount: price.unit_amount,
        currency: price.currency,
        customer: subscription.customer,
        invoice: invoiceId,
        payment_method: null,
        status: paid ? 'succeeded' : 'requires_confirmation',
        next_action: null,
        last_payment_error: null,
      };
      intent.client_secret = `${intent.id as string}_secret_${randomBytes(8).toString('hex')}`;
      paymentIntents.set(intent.id as string, intent);
      const invoice: Json = {
        id: invoiceId,
        object: 'invoice',
        created: start,
        number: `WF-${invoices.size + 1}`,
        hosted_invoice_url: null,
        customer: subscription.customer,
        status: paid ? 'paid' : 'open',
        billing_reason: options.first ? 'subscription_create' : 'subscription_cycle',
        amount_due: price.unit_amount,
        amount_paid: paid ? price.unit_amount : 0,
        currency: price.currency,
        period_start: start,
        period_end: end,
        lines: { object: 'list', data: [{ object: 'line_item', period: { start, end } }] },
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscriptionId, metadata: subscription.metadata },
        },
        confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      };
      invoices.set(invoiceId, invoice);
      return invoice;
    },
    async sendEvent(type, object, options = {}) {
      const eventId = options.id ?? id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        type,
        livemode: false,
        data: { object },
      });
      const signature =
        options.signature !== undefined
          ? options.signature
          : signer.webhooks.generateTestHeaderString({
              payload,
              secret: options.secret ?? STAND_IN_KEYS.STRIPE_WEBHOOK_SECRET,
              ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
            });
      const response = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(signature === null ? {} : { 'stripe-signature': signature }),
        },
        body: payload,
      });
      return { status: response.status, body: (await response.json()) as Json, eventId };
    },
    confirmAsBrowser: (clientSecret, paymentMethodId) =>
      confirmAsStripeJs(standIn.url, clientSecret, paymentMethodId),
    async authenticate(paymentIntentId, result) {
      const response = await fetch(
        `${standIn.url}${AUTHENTICATE_PATH}/${paymentIntentId}?result=${result}`,
        { method: 'POST' },
      );
      return (await response.json()) as Json;
    },
    async renew(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      const invoice = standIn.invoiceOf(subscriptionId, { paid: false });
      const customer = customers.get(subscription.customer as string)!;
      const card = (customer.invoice_settings as Json).default_payment_method as string;
      const charged = attempt(intentOf(invoice), card);
      if (charged === 'requires_action') {
        // Off session, nobody can answer the challenge: the renewal waits for the cardholder.
        later('invoice.payment_action_required', invoice);
      }
      if (charged !== 'paid') {
        subscription.status = 'past_due';
        later('customer.subscription.updated', subscription);
      }
      return invoice;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const intentOf = (invoice: Json) => {
    const secret = (invoice.confirmation_secret as { client_secret: string }).client_secret;
    return paymentIntents.get(secret.split('_secret_')[0]!)!;
  };

  /** Sends an event after the answer that caused it, as Stripe does. */
  const later = (type: string, object: Json) => {
    const snapshot = structuredClone(object);
    const sent = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
      standIn.sendEvent(type, snapshot),
    );
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  const list = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });

  /** Stripe.js's calls carry the publishable key and the payment intent's client secret. */
  const browserMayAsk = (request: IncomingMessage, form: Map<string, string>, intent: Json) => {
    const key =
      form.get('key') ??
      url(request).searchParams.get('key') ??
      bearer(request.headers.authorization);
    const secret = form.get('client_secret') ?? url(request).searchParams.get('client_secret');
    const secretKey = bearer(request.headers.authorization) === STAND_IN_KEYS.STRIPE_SECRET_KEY;
    return (
      secretKey || (key === STAND_IN_KEYS.STRIPE_PUBLISHABLE_KEY && secret === intent.client_secret)
    );
  };
  const url = (request: IncomingMessage) => new URL(request.url ?? '/', 'http://stand-in');
  const bearer = (header: string | undefined) => header?.replace(/^Bearer\s+/i, '') ?? null;

  async function answer(request: IncomingMessage): Promise<{ status: number; body: Json }> {
    const form = await readForm(request);
    if (standIn.outage && url(request).pathname.startsWith('/v1/')) {
      return {
        status: 503,
        body: { error: { type: 'api_error', message: 'Service unavailable' } },
      };
    }
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string') {
      const path = url(request).pathname;
      keysByPath.set(path, [...(keysByPath.get(path) ?? []), key]);
      const earlier = idempotent.get(key);
      if (earlier) return earlier;
      const fresh = await route(request, form);
      if (fresh.status < 500) idempotent.set(key, fresh);
      return fresh;
    }
    return route(request, form);
  }

  async function route(
    request: IncomingMessage,
    form: Map<string, string>,
  ): Promise<{ status: number; body: Json }> {
    const path = url(request).pathname;
    const query = url(request).searchParams;
    let match: RegExpMatchArray | null;
    if (request.method === 'POST' && (path === FAIL_RENEWAL_PATH || path === RENEW_PATH)) {
      const email = query.get('email');
      const customer = [...customers.values()].find((each) => each.email === email);
      const subscription = [...subscriptions.values()].find(
        (each) => customer && each.customer === customer.id && each.status === 'active',
      );
      if (!subscription) return notFound('active subscription of that email');
      if (path === RENEW_PATH)
        return { status: 200, body: await standIn.renew(subscription.id as string) };
      const unpaid = standIn.invoiceOf(subscription.id as string, { paid: false });
      subscription.status = 'past_due';
      later('invoice.payment_failed', unpaid);
      return { status: 200, body: unpaid };
    }
    if (request.method === 'GET' && path === SUBSCRIPTIONS_PATH) {
      const owners = new Set(
        [...customers.values()]
          .filter((each) => each.email === query.get('email'))
          .map((each) => each.id),
      );
      const data = [...subscriptions.values()].filter((each) => owners.has(each.customer));
      return { status: 200, body: list(data, SUBSCRIPTIONS_PATH) };
    }
    if (request.method === 'POST' && (match = path.match(/^\/_stand-in\/3ds\/([^/]+)$/))) {
      const intent = paymentIntents.get(match[1]!);
      if (!intent || intent.status !== 'requires_action') return notFound('challenge');
      if ((query.get('result') ?? form.get('result')) === 'complete') succeed(intent);
      else {
        refuse(intent, {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: AUTHENTICATION_FAILED,
        });
      }
      return { status: 200, body: intent };
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/))) {
      const intent = paymentIntents.get(match[1]!);
      if (!intent || !browserMayAsk(request, form, intent)) return notFound('payment_intent');
      if (request.method === 'GET' && !match[2]) return { status: 200, body: intent };
      if (request.method !== 'POST' || !match[2])
        return notFound(`route ${request.method} ${path}`);
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is ${String(intent.status)}.`,
              payment_intent: intent,
            },
          },
        };
      }
      const card = form.get('payment_method') ?? (intent.payment_method as string | null);
      if (!card) return notFound('payment method');
      if (attempt(intent, card) === 'declined') {
        return { status: 402, body: { error: { ...declined(), payment_intent: intent } } };
      }
      return { status: 200, body: intent };
    }
    if (request.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: form.get('email') ?? null,
        metadata: { user_uuid: form.get('metadata[user_uuid]') },
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (request.method === 'POST' && (match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(match[1]!);
      if (!customer) return notFound('customer');
      const method = form.get('invoice_settings[default_payment_method]');
      if (method) customer.invoice_settings = { default_payment_method: method };
      return { status: 200, body: customer };
    }
    if (
      request.method === 'POST' &&
      (match = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/))
    ) {
      const customer = form.get('customer') ?? '';
      if (!customers.has(customer)) return notFound('customer');
      const method = paymentMethod(match[1]!, customer);
      methods.set(match[1]!, method);
      return { status: 200, body: method };
    }
    if (request.method === 'POST' && path === '/v1/subscriptions') {
      const customer = form.get('customer') ?? '';
      if (!customers.has(customer)) return notFound('customer');
      const method = form.get('default_payment_method') ?? '';
      if (!methods.has(method)) return notFound('payment method');
      if (form.get('payment_behavior') !== 'default_incomplete') {
        // The product takes the first payment in the browser (3-D Secure needs it there).
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Use default_incomplete.' } },
        };
      }
      const price = {
        object: 'price',
        currency: form.get('items[0][price_data][currency]'),
        product: form.get('items[0][price_data][product]'),
        unit_amount: Number(form.get('items[0][price_data][unit_amount]')),
        recurring: { interval: form.get('items[0][price_data][recurring][interval]') },
      };
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const name = key.match(/^metadata\[(.+)\]$/)?.[1];
        if (name) metadata[name] = value;
      }
      const start = now();
      const subscription: Json = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: 'incomplete',
        cancel_at_period_end: false,
        default_payment_method: method,
        metadata,
        items: {
          object: 'list',
          data: [
            {
              object: 'subscription_item',
              price,
              current_period_start: start,
              current_period_end: start + 30 * 24 * 3600,
            },
          ],
        },
      };
      subscriptions.set(subscription.id as string, subscription);
      // The first invoice waits for its payment intent to be confirmed (by Stripe.js).
      const invoice = standIn.invoiceOf(subscription.id as string, { paid: false, first: true });
      subscription.latest_invoice = invoice.id;
      const expanded = [...form.values()].includes('latest_invoice.confirmation_secret');
      return {
        status: 200,
        body: { ...subscription, latest_invoice: expanded ? invoice : invoice.id },
      };
    }
    if (request.method === 'GET' && path === '/v1/subscriptions') {
      const status = query.get('status');
      const data = [...subscriptions.values()].filter(
        (each) =>
          each.customer === query.get('customer') &&
          (status === 'all' || (status ? each.status === status : each.status !== 'canceled')),
      );
      return { status: 200, body: list(data, '/v1/subscriptions') };
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return notFound('subscription');
      if (request.method === 'GET') return { status: 200, body: subscription };
      if (request.method === 'DELETE') {
        if (subscription.status === 'canceled') {
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                message: 'This subscription has already been canceled.',
              },
            },
          };
        }
        // Ended at once: its open invoices are voided and their payments can no longer be made.
        subscription.status = 'canceled';
        for (const invoice of invoices.values()) {
          if (subscriptionOfInvoice(invoice) !== subscription || invoice.status !== 'open')
            continue;
          invoice.status = 'void';
          intentOf(invoice).status = 'canceled';
        }
        later('customer.subscription.deleted', subscription);
        return { status: 200, body: subscription };
      }
      const cancel = form.get('cancel_at_period_end');
      if (cancel !== undefined) subscription.cancel_at_period_end = cancel === 'true';
      const amount = form.get('items[0][price_data][unit_amount]');
      if (amount !== undefined) {
        const item = (subscription.items as { data: Json[] }).data[0]!;
        item.price = {
          object: 'price',
          currency: form.get('items[0][price_data][currency]'),
          product: form.get('items[0][price_data][product]'),
          unit_amount: Number(amount),
          recurring: { interval: form.get('items[0][price_data][recurring][interval]') },
        };
      }
      const plan = form.get('metadata[plan]');
      if (plan) subscription.metadata = { ...(subscription.metadata as Json), plan };
      later('customer.subscription.updated', subscription);
      return { status: 200, body: subscription };
    }
    if (request.method === 'GET' && path === '/v1/invoices') {
      const customer = query.get('customer');
      const status = query.get('status');
      const data = [...invoices.values()]
        .filter(
          (invoice) =>
            invoice.customer === customer &&
            invoice.status !== 'void' &&
            (!status || invoice.status === status),
        )
        .reverse();
      return { status: 200, body: list(data, '/v1/invoices') };
    }
    if (request.method === 'GET' && (match = path.match(/^\/v1\/invoices\/([^/]+)$/))) {
      const invoice = invoices.get(match[1]!);
      return invoice ? { status: 200, body: invoice } : notFound('invoice');
    }
    if (request.method === 'POST' && (match = path.match(/^\/v1\/invoices\/([^/]+)\/pay$/))) {
      const invoice = invoices.get(match[1]!);
      if (!invoice) return notFound('invoice');
      if (invoice.status !== 'open') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Invoice is already paid' } },
        };
      }
      const customer = customers.get(invoice.customer as string)!;
      const card = (customer.invoice_settings as Json).default_payment_method as string;
      const charged = attempt(intentOf(invoice), card);
      if (charged === 'declined') return cardError('Your card was declined.');
      if (charged === 'requires_action') {
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'invoice_payment_intent_requires_action',
              message:
                'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice.',
            },
          },
        };
      }
      return { status: 200, body: invoice };
    }
    if (request.method === 'GET' && (match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(match[1]!);
      if (!customer) return notFound('customer');
      const settings = customer.invoice_settings as Json;
      const method = settings.default_payment_method as string | null;
      const expand = [...query.values()].includes('invoice_settings.default_payment_method');
      return {
        status: 200,
        body: {
          ...customer,
          invoice_settings: {
            default_payment_method: expand && method ? (methods.get(method) ?? null) : method,
          },
        },
      };
    }
    return notFound(`route ${request.method} ${path}`);
  }

  const server: Server = createServer((request, response) => {
    answer(request).then(
      ({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(body));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
