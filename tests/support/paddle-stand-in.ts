// A local HTTP server that answers the part of Paddle Billing's API the product uses
// (transactions, subscriptions, refunds as adjustments), as Paddle does: JSON in snake_case, answers as {data, meta},
// refusals as {error: {type, code, detail}}. The product's real Paddle Node SDK reaches it
// through PADDLE_API_URL. Like Paddle, it sends webhook events for what happens, signed by
// Paddle's scheme (Paddle-Signature: ts=...;h1=HMAC-SHA256("<ts>:<body>")); `pay` plays the
// buyer completing Paddle's overlay checkout (also as `POST /_stand-in/pay/<transaction id>`, for
// end-to-end tests that run the stand-in in another process), `renew` a renewal paid or failed.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PADDLE_KEYS = {
  PADDLE_API_KEY: 'pdl_sdbx_apikey_standin',
  PADDLE_CLIENT_TOKEN: 'test_standin_client_token',
  PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_standin_secret',
};

/** The price of each plan at this Paddle account, in USD minor units as Paddle stores them. */
export const PADDLE_PRICES: Record<string, { id: string; amount: number; interval: string }> = {
  plan_tier_one_monthly: { id: 'pri_creator_monthly', amount: 999, interval: 'month' },
  plan_tier_one_yearly: { id: 'pri_creator_yearly', amount: 8999, interval: 'year' },
  plan_unlimited_monthly: { id: 'pri_unlimited_monthly', amount: 2999, interval: 'month' },
  plan_tier_one_nov_promo: { id: 'pri_creator_promo', amount: 499, interval: 'month' },
};

/** PADDLE_PRICE_IDS for the server: each plan to its price id above. */
export const PADDLE_PRICE_IDS = Object.entries(PADDLE_PRICES)
  .map(([plan, price]) => `${plan}=${price.id}`)
  .join(',');

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 24 * 3600 * 1000;

/** Signs a body as Paddle does. */
export function paddleSignature(body: string, secret: string, timestamp: number): string {
  const h1 = createHmac('sha256', secret).update(`${timestamp}:${body}`).digest('hex');
  return `ts=${timestamp};h1=${h1}`;
}

export interface PaddleStandIn {
  url: string;
  webhookUrl: string;
  transactions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** Refunds asked for (Paddle's adjustments), by id. */
  adjustments: Map<string, Json>;
  /** While true, every call of Paddle's API answers 503, as when Paddle cannot be reached. */
  outage: boolean;
  /** Every event sent, with what the server answered, oldest first. */
  deliveries: { type: string; dataId: unknown; status: number; body: Json }[];
  /** Signs (unless told otherwise) and posts one event; answers the server's reply. */
  sendEvent(
    type: string,
    data: Json,
    options?: { id?: string; timestamp?: number; signature?: string | null },
  ): Promise<{ status: number; body: Json; eventId: string }>;
  /**
   * The buyer pays the transaction in the overlay: a customer and subscription, then events
   * (subscription.created, transaction.completed); `deliver: false` leaves sending them to the
   * test, in the order it chooses.
   */
  pay(
    transactionId: string,
    options?: { deliver?: boolean },
  ): Promise<{ transaction: Json; subscription: Json }>;
  /** The subscription's next billing: a paid transaction, or (paid: false) a past-due one. */
  renew(subscriptionId: string, options: { paid: boolean }): Promise<Json>;
  /** Events sent by the stand-in itself, settled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

function priceOf(priceId: string): Json {
  const [plan, price] = Object.entries(PADDLE_PRICES).find(([, each]) => each.id === priceId) ?? [];
  if (!price) throw new Error(`no price ${priceId}`);
  return {
    id: price.id,
    product_id: 'pro_waveframe',
    description: plan,
    type: 'standard',
    name: plan,
    billing_cycle: { interval: price.interval, frequency: 1 },
    trial_period: null,
    tax_mode: 'account_setting',
    unit_price: { amount: String(price.amount), currency_code: 'USD' },
    unit_price_overrides: [],
    quantity: { minimum: 1, maximum: 1 },
    status: 'active',
    created_at: iso(0),
    updated_at: iso(0),
  };
}

const answer = (status: number, body: Json) => ({ status, body });
const data = (value: unknown) => answer(200, { data: value, meta: { request_id: id('req') } });
const refusal = (status: number, code: string, detail: string) =>
  answer(status, {
    error: {
      type: 'request_error',
      code,
      detail,
      documentation_url: 'https://developer.paddle.com',
    },
    meta: { request_id: id('req') },
  });

async function readJson(request: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Json) : {};
}

export async function startPaddleStandIn(options: { port?: number } = {}): Promise<PaddleStandIn> {
  const transactions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const adjustments = new Map<string, Json>();
  const pending = new Set<Promise<unknown>>();
  let invoices = 0;

  const transactionOf = (input: {
    priceId: string;
    customData: Json | null;
    customerId: string | null;
    subscriptionId: string | null;
    status: string;
    periodStart: number;
  }): Json => {
    const price = priceOf(input.priceId);
    const amount = (price.unit_price as Json).amount as string;
    const months = (price.billing_cycle as Json).interval === 'year' ? 12 : 1;
    const transaction: Json = {
      id: id('txn'),
      status: input.status,
      customer_id: input.customerId,
      address_id: null,
      business_id: null,
      custom_data: input.customData,
      currency_code: 'USD',
      origin: input.subscriptionId ? 'subscription_recurring' : 'web',
      subscription_id: input.subscriptionId,
      invoice_id: null,
      invoice_number: null,
      collection_mode: 'automatic',
      discount_id: null,
      billing_details: null,
      billing_period: {
        starts_at: iso(input.periodStart),
        ends_at: iso(input.periodStart + months * 30 * DAY),
      },
      items: [{ price, quantity: 1 }],
      details: {
        tax_rates_used: [],
        totals: {
          subtotal: amount,
          discount: '0',
          tax: '0',
          total: amount,
          credit: '0',
          credit_to_balance: '0',
          balance: amount,
          grand_total: amount,
          grand_total_tax: '0',
          currency_code: 'USD',
        },
        line_items: [
          {
            id: id('txnitm'),
            price_id: price.id,
            quantity: 1,
            proration: null,
            tax_rate: '0',
            unit_totals: { subtotal: amount, discount: '0', tax: '0', total: amount },
            totals: { subtotal: amount, discount: '0', tax: '0', total: amount },
            product: null,
          },
        ],
      },
      payments: [],
      checkout: { url: null },
      created_at: iso(Date.now()),
      updated_at: iso(Date.now()),
      billed_at: null,
    };
    transactions.set(transaction.id as string, transaction);
    return transaction;
  };

  const markPaid = (transaction: Json) => {
    invoices += 1;
    transaction.status = 'completed';
    transaction.invoice_number = `WF-P-${invoices}`;
    transaction.billed_at = iso(Date.now());
    transaction.payments = [
      {
        payment_attempt_id: id('pa'),
        stored_payment_method_id: id('paymtd'),
        amount: ((transaction.details as Json).totals as Json).total,
        status: 'captured',
        method_details: {
          type: 'card',
          card: {
            type: 'visa',
            last4: '4242',
            expiry_month: 12,
            expiry_year: 2034,
            cardholder_name: 'Test Buyer',
          },
        },
        created_at: iso(Date.now()),
        captured_at: iso(Date.now()),
      },
    ];
  };

  const standIn: PaddleStandIn = {
    url: '',
    webhookUrl: '',
    transactions,
    subscriptions,
    adjustments,
    outage: false,
    deliveries: [],
    async sendEvent(type, eventData, options = {}) {
      const eventId = options.id ?? id('evt');
      const body = JSON.stringify({
        event_id: eventId,
        event_type: type,
        occurred_at: iso(Date.now()),
        notification_id: id('ntf'),
        data: eventData,
      });
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
      const signature =
        options.signature !== undefined
          ? options.signature
          : paddleSignature(body, PADDLE_KEYS.PADDLE_WEBHOOK_SECRET, timestamp);
      const response = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'paddle-signature': signature }),
        },
        body,
      });
      const reply = (await response.json()) as Json;
      standIn.deliveries.push({ type, dataId: eventData.id, status: response.status, body: reply });
      return { status: response.status, body: reply, eventId };
    },
    async pay(transactionId, { deliver = true } = {}) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`no transaction ${transactionId}`);
      const customerId = (transaction.customer_id as string | null) ?? id('ctm');
      const price = ((transaction.items as Json[])[0] as Json).price as Json;
      const now = Date.now();
      const period = transaction.billing_period as Json;
      const subscription: Json = {
        id: id('sub'),
        status: 'active',
        customer_id: customerId,
        address_id: id('add'),
        currency_code: 'USD',
        created_at: iso(now),
        updated_at: iso(now),
        started_at: iso(now),
        first_billed_at: iso(now),
        next_billed_at: period.ends_at,
        collection_mode: 'automatic',
        current_billing_period: { starts_at: period.starts_at, ends_at: period.ends_at },
        billing_cycle: price.billing_cycle,
        scheduled_change: null,
        items: [
          {
            status: 'active',
            quantity: 1,
            recurring: true,
            created_at: iso(now),
            updated_at: iso(now),
            price,
            product: {
              id: 'pro_waveframe',
              name: 'Waveframe',
              tax_category: 'standard',
              status: 'active',
              created_at: iso(0),
              updated_at: iso(0),
            },
          },
        ],
        custom_data: transaction.custom_data,
      };
      subscriptions.set(subscription.id as string, subscription);
      transaction.customer_id = customerId;
      transaction.subscription_id = subscription.id;
      markPaid(transaction);
      if (deliver) {
        await standIn.sendEvent('subscription.created', subscription);
        await standIn.sendEvent('transaction.completed', transaction);
      }
      return { transaction, subscription };
    },
    async renew(subscriptionId, { paid }) {
      const subscription = subscriptions.get(subscriptionId)!;
      const price = ((subscription.items as Json[])[0] as Json).price as Json;
      const period = subscription.current_billing_period as Json;
      const transaction = transactionOf({
        priceId: price.id as string,
        customData: null,
        customerId: subscription.customer_id as string,
        subscriptionId,
        status: 'billed',
        periodStart: Date.parse(period.ends_at as string),
      });
      const next = transaction.billing_period as Json;
      if (paid) {
        markPaid(transaction);
        subscription.current_billing_period = next;
        await standIn.sendEvent('transaction.completed', transaction);
      } else {
        transaction.status = 'past_due';
        subscription.status = 'past_due';
        await standIn.sendEvent('subscription.past_due', subscription);
      }
      return transaction;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  /** Sends an event after the answer that caused it, as Paddle does. */
  const later = (type: string, eventData: Json) => {
    const sent = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
      standIn.sendEvent(type, structuredClone(eventData)),
    );
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };

  /** A list answer, as Paddle pages it (one page here). */
  const page = (list: Json[]) =>
    answer(200, {
      data: list,
      meta: {
        request_id: id('req'),
        pagination: { per_page: 50, next: '', has_more: false, estimated_total: list.length },
      },
    });
  /** Whether a query's comma-separated list names the value. */
  const listed = (url: URL, name: string, value: unknown) =>
    (url.searchParams.get(name)?.split(',') ?? []).includes(value as string);
  /** Rows whose fields match every one of these query parameters the request gives. */
  const matching = (url: URL, fields: Record<string, string>) => (row: Json) =>
    Object.entries(fields).every(
      ([param, field]) => !url.searchParams.has(param) || listed(url, param, row[field]),
    );

  /**
   * POST /adjustments: a refund of a paid transaction, whole (type full) or of an amount of its
   * item; refused, as Paddle does, beyond what is left of the transaction to refund.
   */
  function adjust(body: Json) {
    const transaction = transactions.get(body.transaction_id as string);
    if (!transaction) return refusal(404, 'entity_not_found', 'transaction not found');
    if (body.action !== 'refund') return refusal(400, 'bad_request', 'only refunds here');
    if (transaction.status !== 'completed') {
      return refusal(400, 'adjustment_transaction_invalid_status', 'transaction is not completed');
    }
    const total = Number(((transaction.details as Json).totals as Json).total);
    const done = [...adjustments.values()]
      .filter((each) => each.transaction_id === transaction.id && each.status !== 'rejected')
      .reduce((sum, each) => sum + Number((each.totals as Json).total), 0);
    const items = (body.items as Json[] | undefined) ?? [];
    const lineItem = (((transaction.details as Json).line_items as Json[])[0] ?? {}) as Json;
    const amount =
      body.type === 'full'
        ? total - done
        : items.reduce((sum, item) => sum + Number(item.amount), 0);
    if (body.type !== 'full' && items.some((item) => item.item_id !== lineItem.id)) {
      return refusal(400, 'adjustment_invalid_transaction_item', 'no such item');
    }
    if (!(amount > 0) || done + amount > total) {
      return refusal(400, 'adjustment_amount_above_remaining_allowed', 'more than is left');
    }
    const money = (value: number) => String(value);
    const adjustment: Json = {
      id: id('adj'),
      action: 'refund',
      type: body.type === 'full' ? 'full' : 'partial',
      transaction_id: transaction.id,
      subscription_id: transaction.subscription_id,
      customer_id: transaction.customer_id,
      reason: body.reason,
      credit_applied_to_balance: false,
      currency_code: transaction.currency_code,
      // Paddle approves refunds after a review.
      status: 'pending_approval',
      items: [
        {
          id: id('adjitm'),
          item_id: lineItem.id,
          type: body.type === 'full' ? 'full' : 'partial',
          amount: money(amount),
          proration: null,
          totals: { subtotal: money(amount), tax: '0', total: money(amount) },
        },
      ],
      totals: {
        subtotal: money(amount),
        tax: '0',
        total: money(amount),
        fee: '0',
        earnings: money(amount),
        currency_code: transaction.currency_code,
        retained_fee: '0',
      },
      created_at: iso(Date.now()),
      updated_at: iso(Date.now()),
    };
    adjustments.set(adjustment.id as string, adjustment);
    return data(adjustment);
  }

  async function route(request: IncomingMessage) {
    const control = request.url?.match(/^\/_stand-in\/pay\/([^/?]+)$/);
    if (request.method === 'POST' && control) {
      if (!transactions.has(control[1]!)) return refusal(404, 'not_found', 'no such transaction');
      return data((await standIn.pay(control[1]!)).transaction);
    }
    if (standIn.outage) return refusal(503, 'service_unavailable', 'Paddle is unavailable.');
    if (request.headers.authorization?.toLowerCase() !== `bearer ${PADDLE_KEYS.PADDLE_API_KEY}`) {
      return refusal(403, 'forbidden', 'You aren’t permitted to perform this request.');
    }
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const body = await readJson(request);
    let match: RegExpMatchArray | null;
    if (request.method === 'POST' && path === '/transactions') {
      const items = (body.items as Json[] | undefined) ?? [];
      const priceId = items[0]?.price_id as string | undefined;
      if (!priceId || !Object.values(PADDLE_PRICES).some((price) => price.id === priceId)) {
        return refusal(400, 'price_not_found', `price ${priceId} not found`);
      }
      return data(
        transactionOf({
          priceId,
          customData: (body.custom_data as Json | undefined) ?? null,
          customerId: (body.customer_id as string | undefined) ?? null,
          subscriptionId: null,
          status: 'ready',
          periodStart: Date.now(),
        }),
      );
    }
    if (request.method === 'GET' && path === '/transactions') {
      const list = [...transactions.values()]
        .filter(matching(url, { customer_id: 'customer_id', subscription_id: 'subscription_id' }))
        .filter((each) => !url.searchParams.has('status') || listed(url, 'status', each.status))
        .reverse();
      return page(list);
    }
    if (request.method === 'GET' && path === '/adjustments') {
      const list = [...adjustments.values()]
        .filter(matching(url, { transaction_id: 'transaction_id', action: 'action' }))
        .filter((each) => !url.searchParams.has('status') || listed(url, 'status', each.status))
        .reverse();
      return page(list);
    }
    if (request.method === 'POST' && path === '/adjustments') return adjust(body);
    if ((match = path.match(/^\/subscriptions\/([^/]+)(\/cancel)?$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return refusal(404, 'entity_not_found', 'subscription not found');
      const period = subscription.current_billing_period as Json;
      if (request.method === 'POST' && match[2] === '/cancel') {
        if (subscription.status === 'canceled') {
          return refusal(400, 'subscription_locked_canceled', 'subscription is canceled');
        }
        if (body.effective_from === 'immediately') {
          subscription.status = 'canceled';
          subscription.canceled_at = iso(Date.now());
          subscription.scheduled_change = null;
          later('subscription.canceled', subscription);
          return data(subscription);
        }
        subscription.scheduled_change = {
          action: 'cancel',
          effective_at: period.ends_at,
          resume_at: null,
        };
        later('subscription.updated', subscription);
        return data(subscription);
      }
      if (request.method === 'PATCH' && !match[2]) {
        if ('scheduled_change' in body) subscription.scheduled_change = body.scheduled_change;
        const items = body.items as Json[] | undefined;
        if (items?.[0]) {
          const item = (subscription.items as Json[])[0] as Json;
          item.price = priceOf(items[0].price_id as string);
        }
        if (body.custom_data) subscription.custom_data = body.custom_data;
        later('subscription.updated', subscription);
        return data(subscription);
      }
      if (request.method === 'GET' && !match[2]) return data(subscription);
    }
    return refusal(404, 'not_found', `no route ${request.method} ${path}`);
  }

  const server: Server = createServer((request, response) => {
    route(request).then(
      ({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: { type: 'api_error', code: 'internal_error', detail: String(error) },
          }),
        );
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
