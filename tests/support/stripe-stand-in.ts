// A local HTTP server that answers the part of Stripe's API the product uses (customers, payment
// methods, subscriptions), as Stripe does: form-encoded requests, JSON objects, card errors as
// 402 `card_error`. The product's real `stripe` client reaches it through its host, port and
// protocol options (STRIPE_API_URL). Like Stripe, it sends webhook events for what happens
// (a new subscription's first invoice is paid), signed with the real library's test-header
// helper; tests send more (renewals, failures, replays) through sendEvent.
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
  /** Signs (unless told otherwise) and posts one event; answers the server's reply. */
  sendEvent(
    type: string,
    object: Json,
    options?: { id?: string; timestamp?: number; signature?: string | null },
  ): Promise<{ status: number; body: Json; eventId: string }>;
  /** An invoice of a subscription as Stripe sends it in invoice.* events. */
  invoiceOf(subscriptionId: string, options?: { id?: string; paid?: boolean }): Json;
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

export async function startStripeStandIn(options: { port?: number } = {}): Promise<StripeStandIn> {
  const signer = new Stripe(STAND_IN_KEYS.STRIPE_SECRET_KEY);
  const customers = new Map<string, Json>();
  const methods = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  /** Every invoice made, oldest first. */
  const invoices = new Map<string, Json>();
  const charges: Charge[] = [];
  const pending = new Set<Promise<unknown>>();

  const paymentMethod = (pmId: string, customer: string | null): Json => ({
    id: pmId,
    object: 'payment_method',
    type: 'card',
    customer,
    card: {
      brand: 'visa',
      last4: pmId === DECLINED_CARD ? '0002' : '4242',
      exp_month: 12,
      exp_year: 2034,
    },
  });

  const standIn: StripeStandIn = {
    url: '',
    webhookUrl: '',
    charges,
    customers,
    subscriptions,
    invoices,
    invoiceOf(subscriptionId, options = {}) {
      const subscription = subscriptions.get(subscriptionId)!;
      const start = now();
      const end = start + 30 * 24 * 3600;
      const items = (subscription.items as { data: Json[] }).data[0]!;
      const price = items.price as Json;
      const invoice: Json = {
        id: options.id ?? id('in'),
        object: 'invoice',
        created: start,
        number: `WF-${invoices.size + 1}`,
        hosted_invoice_url: null,
        customer: subscription.customer,
        status: options.paid === false ? 'open' : 'paid',
        amount_due: price.unit_amount,
        amount_paid: options.paid === false ? 0 : price.unit_amount,
        currency: price.currency,
        period_start: start,
        period_end: end,
        lines: { object: 'list', data: [{ object: 'line_item', period: { start, end } }] },
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscriptionId, metadata: subscription.metadata },
        },
      };
      invoices.set(invoice.id as string, invoice);
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
              secret: STAND_IN_KEYS.STRIPE_WEBHOOK_SECRET,
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
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  /** Sends an event after the answer that caused it, as Stripe does. */
  const later = (type: string, object: Json) => {
    const sent = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
      standIn.sendEvent(type, object),
    );
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  const list = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });

  async function answer(request: IncomingMessage): Promise<{ status: number; body: Json }> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = await readForm(request);
    const path = url.pathname;
    let match: RegExpMatchArray | null;
    if (request.method === 'POST' && path === FAIL_RENEWAL_PATH) {
      const email = url.searchParams.get('email');
      const customer = [...customers.values()].find((each) => each.email === email);
      const subscription = [...subscriptions.values()].find(
        (each) => customer && each.customer === customer.id && each.status === 'active',
      );
      if (!subscription) return notFound('active subscription of that email');
      const unpaid = standIn.invoiceOf(subscription.id as string, { paid: false });
      subscription.status = 'past_due';
      later('invoice.payment_failed', unpaid);
      return { status: 200, body: unpaid };
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
      if (method === DECLINED_CARD) return cardError('Your card was declined.');
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
      const subscription = {
        id: id('sub'),
        object: 'subscription',
        customer,
        status: 'active',
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
      subscriptions.set(subscription.id, subscription);
      // Stripe charges the first invoice and tells the server by webhook, after answering.
      const invoice = standIn.invoiceOf(subscription.id);
      charges.push({
        customer,
        subscription: subscription.id,
        invoice: invoice.id as string,
        amount: price.unit_amount,
        currency: String(price.currency),
        plan: metadata.plan ?? '',
      });
      later('invoice.paid', invoice);
      return { status: 200, body: subscription };
    }
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return notFound('subscription');
      if (request.method === 'GET') return { status: 200, body: subscription };
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
      const customer = url.searchParams.get('customer');
      const status = url.searchParams.get('status');
      const data = [...invoices.values()]
        .filter(
          (invoice) => invoice.customer === customer && (!status || invoice.status === status),
        )
        .reverse();
      return { status: 200, body: list(data, '/v1/invoices') };
    }
    if (request.method === 'POST' && (match = path.match(/^\/v1\/invoices\/([^/]+)\/pay$/))) {
      const invoice = invoices.get(match[1]!);
      if (!invoice) return notFound('invoice');
      if (invoice.status === 'paid') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Invoice is already paid' } },
        };
      }
      const customer = customers.get(invoice.customer as string)!;
      const method = (customer.invoice_settings as Json).default_payment_method;
      if (method === DECLINED_CARD) return cardError('Your card was declined.');
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      later('invoice.paid', invoice);
      const parent = (invoice.parent as { subscription_details: { subscription: string } })
        .subscription_details;
      const subscription = subscriptions.get(parent.subscription);
      if (subscription && subscription.status !== 'active') {
        subscription.status = 'active';
        later('customer.subscription.updated', subscription);
      }
      return { status: 200, body: invoice };
    }
    if (request.method === 'GET' && (match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(match[1]!);
      if (!customer) return notFound('customer');
      const settings = customer.invoice_settings as Json;
      const method = settings.default_payment_method as string | null;
      const expand = [...url.searchParams.values()].includes(
        'invoice_settings.default_payment_method',
      );
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
