// Overlay checkout through Paddle Billing against the real server (issue 12): the real Paddle
// Node SDK talks to a local server that speaks Paddle's API (tests/support/paddle-stand-in.ts),
// which signs its webhook events by Paddle's scheme. The plan changes only from Paddle's
// confirmed events, each handled once, through the same credit ledger as Stripe's.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { findPlan } from '../../core/plans/catalogue';
import type { ApiClient } from '../support/api-client';
import { backends } from '../support/backends';
import {
  PADDLE_KEYS,
  PADDLE_PRICE_IDS,
  PADDLE_PRICES,
  paddleSignature,
  startPaddleStandIn,
  type PaddleStandIn,
} from '../support/paddle-stand-in';
import { codeIn, waitForMail } from '../support/outbox';
import { signUp } from '../support/renders-client';
import { startServer, type RunningServer } from '../support/server-process';
import { makeTempDir } from '../support/temp-dir';

vi.setConfig({ testTimeout: 120_000 });

describe.each(backends)('overlay checkout through Paddle, on $name', (backend) => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let database: Awaited<ReturnType<(typeof backend)['prepare']>>;
  let paddle: PaddleStandIn;
  let server: RunningServer;
  const creator = findPlan('plan_tier_one_monthly')!;
  const yearly = findPlan('plan_tier_one_yearly')!;

  beforeAll(async () => {
    dataDir = await makeTempDir('payments-paddle');
    database = await backend.prepare();
    paddle = await startPaddleStandIn();
    server = await startServer({
      DATA_DIR: dataDir.dir,
      WEB_DIST_DIR: path.join(dataDir.dir, 'no-web-build'),
      ...PADDLE_KEYS,
      PADDLE_PRICE_IDS,
      PADDLE_API_URL: paddle.url,
      // The test signs up more users than one address may in an hour: each names its own.
      TRUST_PROXY: '1',
      ...database.env,
    });
    paddle.webhookUrl = `${server.url}/api/payment/webhooks/paddle`;
  });

  afterAll(async () => {
    await server?.stop();
    await paddle?.close();
    await database?.remove();
    await dataDir?.remove();
  });

  const planOf = async (api: ApiClient) => (await api.get('/api/payment/plan')).body;

  /** A new user who opened the overlay for the Creator plan and paid in it. */
  async function subscriber() {
    const { api, email } = await signUp(server.url);
    const before = await planOf(api);
    const checkout = await api.post('/api/payment/paddle-checkout', { plan: creator.id });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const { transaction, subscription } = await paddle.pay(checkout.body.transaction_id);
    return { api, email, before, transaction, subscription };
  }

  /** A transaction opened at Paddle without this server (as anyone with Paddle.js could). */
  async function foreignCheckout(customData: Record<string, unknown>) {
    const response = await fetch(`${paddle.url}/transactions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PADDLE_KEYS.PADDLE_API_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        items: [{ price_id: PADDLE_PRICES[creator.id]!.id, quantity: 1 }],
        custom_data: customData,
      }),
    });
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  /** What the server answered to each event about a transaction. */
  const paymentOutcomes = async (transactionId: string) => {
    await paddle.idle();
    return paddle.deliveries
      .filter((each) => each.dataId === transactionId)
      .map((each) => each.body.outcome as string);
  };

  const opened = async (api: ApiClient) => {
    const checkout = await api.post('/api/payment/paddle-checkout', { plan: creator.id });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    return paddle.transactions.get(checkout.body.transaction_id)!;
  };

  test('the browser config names the client token and no card provider', async () => {
    const config = await (await fetch(`${server.url}/api/payment/config`)).json();
    expect(config).toEqual({
      card: null,
      overlay: {
        provider: 'paddle',
        client_token: PADDLE_KEYS.PADDLE_CLIENT_TOKEN,
        environment: 'sandbox',
        price_ids: Object.fromEntries(
          Object.entries(PADDLE_PRICES).map(([plan, price]) => [plan, price.id]),
        ),
      },
    });
  });

  test("the server opens the transaction at the plan's Paddle price; the plan changes once Paddle confirms the payment", async () => {
    const { api } = await signUp(server.url);
    const before = await planOf(api);
    const checkout = await api.post('/api/payment/paddle-checkout', { plan: creator.id });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const opened = paddle.transactions.get(checkout.body.transaction_id)!;
    expect(opened.items).toMatchObject([{ price: { id: PADDLE_PRICES[creator.id]!.id } }]);
    expect(opened.custom_data).toMatchObject({ plan: creator.id });
    // Opening the overlay changes nothing.
    expect(await planOf(api)).toMatchObject({ plan: 'free_tier', is_premium: false });

    await paddle.pay(checkout.body.transaction_id);
    expect(await planOf(api)).toMatchObject({
      plan: creator.id,
      is_premium: true,
      payment_processor: 'PADDLE',
      billing_status: 'active',
      viz_credits: before.viz_credits + creator.vizCredits,
      canvas_credits: before.canvas_credits + creator.canvasCredits,
    });
    const again = await api.post('/api/payment/paddle-checkout', { plan: creator.id });
    expect(again.status).toBe(409);
    expect(again.body.exc).toBe('AlreadySubscribed');

    const history = (await api.get('/api/payment/transaction-history')).body.transactions;
    expect(history).toMatchObject([{ status: 'paid', amount_paid: creator.prices.USD }]);
    expect((await api.get('/api/payment/get-payment-method')).body.payment_method).toEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2034,
    });
  });

  test.each(['older', 'newer'])(
    'two overlays paid in two tabs bill once: the payment heard last is kept, the other ended at once and refunded (the %s one heard first)',
    async (heardFirst) => {
      const { api } = await signUp(server.url);
      const before = await planOf(api);
      // Both tabs open the overlay before either is paid, so neither is refused.
      const older = await opened(api);
      const newer = await opened(api);
      const paidOlder = await paddle.pay(older.id as string, { deliver: false });
      const paidNewer = await paddle.pay(newer.id as string, { deliver: false });
      const [early, late] =
        heardFirst === 'older' ? [paidOlder, paidNewer] : [paidNewer, paidOlder];
      const deliver = async (paid: typeof early, options: { id?: string } = {}) => {
        await paddle.sendEvent('subscription.created', paid.subscription);
        return paddle.sendEvent('transaction.completed', paid.transaction, options);
      };
      expect((await deliver(early)).body.outcome).toBe(`granted ${creator.id}`);
      const earlyId = early.subscription.id as string;
      const lateId = late.subscription.id as string;

      // Paddle cannot be reached when the second payment is heard: nothing changes, and the
      // event is answered with an error so that Paddle sends it again.
      paddle.outage = true;
      const failed = await deliver(late);
      paddle.outage = false;
      expect(failed.status).toBe(500);
      const refunds = () =>
        [...paddle.adjustments.values()].filter((each) =>
          [early, late].some((paid) => paid.transaction.id === each.transaction_id),
        );
      expect(paddle.subscriptions.get(earlyId)!.status).toBe('active');
      expect(refunds()).toEqual([]);
      expect((await planOf(api)).plan).toBe(creator.id);

      const again = await paddle.sendEvent('transaction.completed', late.transaction, {
        id: failed.eventId,
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.outcome).toBe(
        `granted ${creator.id}; ended ${earlyId}, refunded ${creator.prices.USD} USD`,
      );
      await paddle.idle();
      expect(paddle.subscriptions.get(lateId)!.status).toBe('active');
      expect(paddle.subscriptions.get(earlyId)!.status).toBe('canceled');
      // Paid minutes ago, its period is all left: it is refunded whole, once.
      expect(refunds()).toMatchObject([
        {
          action: 'refund',
          type: 'full',
          transaction_id: early.transaction.id,
          totals: { total: String(creator.prices.USD) },
        },
      ]);
      // The plan follows the kept one, with one period's credits (the refunded one's went back
      // with its money); the ended one's own end is not the plan's.
      const endOfEarly = paddle.deliveries.find(
        (each) => each.type === 'subscription.canceled' && each.dataId === earlyId,
      );
      expect(endOfEarly?.status).toBe(200);
      expect(endOfEarly?.body.outcome).not.toBe('ended: free_tier');
      expect(await planOf(api)).toMatchObject({
        plan: creator.id,
        is_premium: true,
        billing_status: 'active',
        payment_processor: 'PADDLE',
        viz_credits: before.viz_credits + creator.vizCredits,
        canvas_credits: before.canvas_credits + creator.canvasCredits,
      });
      // The kept subscription bills on, once a period; its end ends the plan.
      await paddle.renew(lateId, { paid: true });
      expect((await planOf(api)).plan).toBe(creator.id);
      const ended = await paddle.sendEvent('subscription.canceled', {
        ...paddle.subscriptions.get(lateId)!,
        status: 'canceled',
      });
      expect(ended.body.outcome).toBe('ended: free_tier');
    },
  );

  test('bad plans and promo codes are refused before Paddle is asked', async () => {
    const { api } = await signUp(server.url);
    const count = paddle.transactions.size;
    for (const [body, message] of [
      [{ plan: 'free_tier' }, 'Choose one of the paid plans on the pricing page.'],
      [{ plan: creator.id, promoKey: 'NOPE' }, 'This promo code is not valid or has ended.'],
    ] as const) {
      const answer = await api.post('/api/payment/paddle-checkout', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(paddle.transactions.size).toBe(count);
  });

  test('renewals grant once however often Paddle sends them; a failed one is past due until paid', async () => {
    const { api, subscription } = await subscriber();
    const credits = (await planOf(api)).viz_credits;
    const renewal = await paddle.renew(subscription.id as string, { paid: true });
    const granted = credits + creator.vizCredits;
    expect((await planOf(api)).viz_credits).toBe(granted);
    // The same transaction in a new event (a retry), and the same event replayed.
    const retry = await paddle.sendEvent('transaction.completed', renewal);
    expect(retry.body.outcome).toBe(`already granted ${creator.id}`);
    const replay = await paddle.sendEvent('transaction.completed', renewal, { id: retry.eventId });
    expect(replay.body).toEqual({ received: true, duplicate: true });
    // Parallel deliveries of one renewal for one user.
    const next = await paddle.renew(subscription.id as string, { paid: true });
    await Promise.all(
      Array.from({ length: 4 }, () => paddle.sendEvent('transaction.completed', next)),
    );
    expect((await planOf(api)).viz_credits).toBe(granted + creator.vizCredits);

    const unpaid = await paddle.renew(subscription.id as string, { paid: false });
    expect(await planOf(api)).toMatchObject({ billing_status: 'past_due', past_due: true });
    const outstanding = (await api.get('/api/payment/outstanding-invoice')).body.invoice;
    expect(outstanding).toMatchObject({ id: unpaid.id, status: 'open' });
    // Paddle's overlay collects it in the browser: the call names the transaction to open.
    const pay = await api.post('/api/payment/pay-outstanding-invoice', { invoice_id: unpaid.id });
    expect(pay.status).toBe(200);
    expect(pay.body.checkout).toEqual({ transaction_id: unpaid.id });
    const card = await api.post('/api/payment/update-payment-method', { stripeToken: 'pm_x' });
    expect(card.status).toBe(409);
    expect(card.body.exc).toBe('UseOverlayCheckout');

    // Paid in the overlay: Paddle completes the transaction and the subscription is active.
    const stored = paddle.transactions.get(unpaid.id as string)!;
    stored.status = 'completed';
    await paddle.sendEvent('transaction.completed', stored);
    expect(await planOf(api)).toMatchObject({
      billing_status: 'active',
      past_due: false,
      viz_credits: granted + 2 * creator.vizCredits,
    });
    expect((await api.get('/api/payment/outstanding-invoice')).body.invoice).toBeNull();
  });

  test('cancel keeps the plan to the end of the period; reactivate undoes it; a change starts next period; the end returns to free with the credits', async () => {
    const { api, subscription } = await subscriber();
    const cancelled = await api.delete('/api/payment/cancel');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.cancel_at_period_end).toBe(true);
    await paddle.idle();
    expect(await planOf(api)).toMatchObject({ plan: creator.id, cancel_at_period_end: true });
    const back = await api.post('/api/payment/reactivate-plan');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await paddle.idle();
    expect(await planOf(api)).toMatchObject({ plan: creator.id, cancel_at_period_end: false });

    const change = await api.post('/api/payment/update', { plan: yearly.id });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(change.body).toMatchObject({
      plan: yearly.id,
      currency: 'USD',
      amount: yearly.prices.USD,
    });
    const item = (
      paddle.subscriptions.get(subscription.id as string)!.items as { price: { id: string } }[]
    )[0]!;
    expect(item.price.id).toBe(PADDLE_PRICES[yearly.id]!.id);
    // Still the Creator plan until the next billing, which pays for the yearly one.
    expect((await planOf(api)).plan).toBe(creator.id);
    await paddle.renew(subscription.id as string, { paid: true });
    expect((await planOf(api)).plan).toBe(yearly.id);

    const credits = (await planOf(api)).viz_credits;
    await paddle.sendEvent('subscription.canceled', { ...subscription, status: 'canceled' });
    expect(await planOf(api)).toMatchObject({
      plan: 'free_tier',
      is_premium: false,
      viz_credits: credits,
    });
  });

  test('unsigned, wrongly signed and over-five-minutes-old events are refused with 400; unknown customers change nothing', async () => {
    const { api, transaction } = await subscriber();
    const before = await planOf(api);
    const body = JSON.stringify({
      event_id: 'evt_forged',
      event_type: 'transaction.completed',
      data: transaction,
    });
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    for (const signature of [
      null,
      'ts=1;h1=00',
      paddleSignature(body, 'another-secret', Math.floor(Date.now() / 1000)),
      paddleSignature(body, PADDLE_KEYS.PADDLE_WEBHOOK_SECRET, old),
    ]) {
      const response = await fetch(paddle.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'paddle-signature': signature } : {}),
        },
        body,
      });
      expect(response.status).toBe(400);
      expect((await response.json()).exc).toBe('InvalidSignature');
    }
    const stranger = await paddle.sendEvent('subscription.past_due', {
      id: 'sub_unknown',
      status: 'past_due',
      customer_id: 'ctm_unknown',
    });
    expect(stranger.body.outcome).toBe('unknown customer');
    expect(await planOf(api)).toEqual(before);
  });
  test('a paid transaction this server did not open grants nothing, whoever its custom data names', async () => {
    const { api, userUuid } = await signUp(server.url);
    const transactionId = await foreignCheckout({ user_uuid: userUuid, plan: creator.id });
    await paddle.pay(transactionId);
    const events = await paymentOutcomes(transactionId);
    expect(events).toContain('unknown customer');
    expect(await planOf(api)).toMatchObject({ plan: 'free_tier', is_premium: false });
  });

  test("a checkout's payment belongs to the user who opened it: an event naming another user, or paid by another user's customer, is refused", async () => {
    // Custom data that names someone else than the user who opened the checkout.
    const opener = await signUp(server.url);
    const other = await signUp(server.url);
    const tampered = await opened(opener.api);
    tampered.custom_data = { ...(tampered.custom_data as object), user_uuid: other.userUuid };
    await paddle.pay(tampered.id as string);
    expect(await paymentOutcomes(tampered.id as string)).toContain(
      'refused: the event names another user than the checkout',
    );
    for (const account of [opener, other]) {
      expect((await planOf(account.api)).plan).toBe('free_tier');
    }

    // Paid by a customer that is another user's at Paddle (ids are Paddle's, not ours).
    const payer = await subscriber();
    const payerPlan = await planOf(payer.api);
    const buyer = await signUp(server.url);
    const checkout = await opened(buyer.api);
    checkout.customer_id = payer.transaction.customer_id;
    await paddle.pay(checkout.id as string);
    expect(await paymentOutcomes(checkout.id as string)).toContain(
      "refused: the checkout's customer belongs to another user",
    );
    expect((await planOf(buyer.api)).plan).toBe('free_tier');
    expect(await planOf(payer.api)).toEqual({ ...payerPlan, last_refresh: expect.any(String) });
  });

  test('deleting an account cancels its Paddle subscription at once; when Paddle cannot be reached nothing is deleted', async () => {
    const { api, email, subscription } = await subscriber();
    expect((await api.post('/api/account/request-account-deletion')).status).toBe(200);
    const code = codeIn(await waitForMail(dataDir.dir, email, 2));
    paddle.outage = true;
    const refused = await api.delete('/api/account/confirm-account-deletion', {
      deletion_code: code,
    });
    paddle.outage = false;
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(
      'Your subscription could not be cancelled with Paddle just now, so your account has not been deleted. Try again in a few minutes.',
    );
    expect((await api.get('/api/auth/user')).status).toBe(200);
    expect(paddle.subscriptions.get(subscription.id as string)!.status).toBe('active');

    const deleted = await api.delete('/api/account/confirm-account-deletion', {
      deletion_code: code,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(paddle.subscriptions.get(subscription.id as string)!.status).toBe('canceled');
    expect((await api.get('/api/auth/user')).status).toBe(401);
    await paddle.idle();
  });
});
