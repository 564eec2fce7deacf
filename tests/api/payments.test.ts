// Plans and payments against the real server (issue 12): the operator's command moves a user
// onto a plan of the catalogue and grants its credits through the credit ledger once per period;
// card payments go through the real `stripe` client to a local server that speaks Stripe's API
// (tests/support/stripe-stand-in.ts), and its webhook events are signed by the library's helper.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { activePromos, findPlan } from '../../core/plans/catalogue';
import { ApiClient } from '../support/api-client';
import { backends } from '../support/backends';
import { signUp } from '../support/renders-client';
import { startServer, type RunningServer } from '../support/server-process';
import {
  AUTHENTICATION_CARD,
  AUTHENTICATION_FAILED,
  DECLINED_CARD,
  STAND_IN_KEYS,
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in';
import { codeIn, waitForMail } from '../support/outbox';
import { eq } from 'drizzle-orm';
import { plans } from '../../server/db/schema';
import { dailyJobId } from '../../server/services/daily-jobs';
import { setPlanByEmail } from '../../server/services/payments/plan-change.service';
import {
  endLapsedPlans,
  RENEWAL_GRACE_DAYS,
  scheduleLapsedPlans,
} from '../../server/services/payments/plan-lapse';
import { chargeRenderCredit } from '../../server/services/renders/credits.service';
import { admin, adminInProcess } from '../support/admin-cli';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { waitFor } from '../support/wait-for';
import { makeTempDir } from '../support/temp-dir';

vi.setConfig({ testTimeout: 120_000 });

describe.each(backends)('npm run admin -- plan, on $name', (backend) => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let database: Awaited<ReturnType<(typeof backend)['prepare']>>;
  let env: Record<string, string>;
  let server: RunningServer | undefined;
  let restarted: InProcessServer | undefined;

  beforeAll(async () => {
    dataDir = await makeTempDir('payments');
    database = await backend.prepare();
    env = {
      DATA_DIR: dataDir.dir,
      WEB_DIST_DIR: path.join(dataDir.dir, 'no-web-build'),
      ...database.env,
    };
  });

  afterAll(async () => {
    await server?.stop();
    await restarted?.stop();
    await database?.remove();
    await dataDir?.remove();
  });

  /** The same signed-in browser against a restarted server. */
  const reconnect = (api: ApiClient, url: string) => {
    const fresh = new ApiClient(url);
    for (const [name, value] of api.cookies) fresh.cookies.set(name, value);
    return fresh;
  };

  test('moves a user onto a plan, grants its credits once per period, and refuses bad input', async () => {
    server = await startServer(env);
    const { api, email } = await signUp(server.url);
    const before = (await api.get('/api/payment/plan')).body;
    expect(before).toMatchObject({ plan: 'free_tier', is_premium: false });

    if (backend.name === 'pglite') {
      // The server is a process of its own: its lock on the data folder names another pid.
      const busy = await adminInProcess(['plan', email, 'plan_tier_one_monthly'], env);
      expect(busy.code).toBe(1);
      expect(busy.output).toContain('The server is running on this data folder');
    }
    // PGlite serves one process per data folder; on PostgreSQL the command could run beside it.
    await server.stop();
    server = undefined;

    // The command as the operator runs it, a process of its own; its other answers in-process.
    const creator = findPlan('plan_tier_one_monthly')!;
    const first = await admin(['plan', email.toUpperCase(), 'plan_tier_one_monthly'], env);
    expect(first).toEqual({
      code: 0,
      output: `${email.toUpperCase()} is now on plan_tier_one_monthly (Creator). Granted ${creator.vizCredits} visualizer and ${creator.canvasCredits} Canvas credits for this month.`,
    });
    const again = await adminInProcess(['plan', email, 'plan_tier_one_monthly'], env);
    expect(again.code).toBe(0);
    expect(again.output).toContain("This month's credits had already been granted.");
    for (const [args, message] of [
      [['plan', email, 'gold'], 'There is no plan "gold".'],
      [
        ['plan', 'nobody@example.com', 'plan_tier_one_monthly'],
        'No account uses nobody@example.com.',
      ],
      [['credits', email], 'Usage: npm run admin -- plan <email> <plan>'],
    ] as const) {
      const refused = await adminInProcess([...args], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(message);
    }

    // The restarts run the server in this process (the command is done with the database).
    restarted = await startInProcessServer(env);
    const signedIn = reconnect(api, restarted.url);
    const after = (await signedIn.get('/api/payment/plan')).body;
    expect(after).toMatchObject({
      plan: 'plan_tier_one_monthly',
      is_premium: true,
      account_level: creator.accountLevel,
      viz_credits: before.viz_credits + creator.vizCredits,
      canvas_credits: before.canvas_credits + creator.canvasCredits,
      billing_status: 'active',
      past_due: false,
    });
    await restarted.stop();
    restarted = undefined;

    const unlimited = await adminInProcess(['plan', email, 'plan_unlimited_monthly'], env);
    expect(unlimited.output).toContain('Its credits are unlimited.');
    restarted = await startInProcessServer(env);
    const onUnlimited = (await reconnect(api, restarted.url).get('/api/payment/plan')).body;
    expect(onUnlimited).toMatchObject({
      plan: 'plan_unlimited_monthly',
      viz_credits: -1,
      canvas_credits: -1,
    });
  });
});

describe.each(backends)('npm run admin -- plan after a paid plan lapsed, on $name', (backend) => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let database: Awaited<ReturnType<(typeof backend)['prepare']>>;
  let env: Record<string, string>;
  let server: InProcessServer | undefined;

  beforeAll(async () => {
    dataDir = await makeTempDir('payments-lapsed');
    database = await backend.prepare();
    env = {
      DATA_DIR: dataDir.dir,
      WEB_DIST_DIR: path.join(dataDir.dir, 'no-web-build'),
      ...database.env,
    };
  });
  afterAll(async () => {
    await server?.stop();
    await database?.remove();
    await dataDir?.remove();
  });

  test('the plan set by hand holds past the old paid period, until someone changes it', async () => {
    server = await startInProcessServer(env);
    const { api, email, userUuid } = await signUp(server.url);
    // Paid through Stripe until ten days ago, never renewed: read as the free plan it now is.
    await setPlanByEmail(server.context.db, email, 'plan_tier_one_monthly');
    await server.context.db
      .update(plans)
      .set({
        paymentProcessor: 'STRIPE',
        providerSubscriptionId: 'sub_lapsed',
        periodEnd: new Date(Date.now() - 10 * 86_400_000),
      })
      .where(eq(plans.userUuid, userUuid));
    expect((await api.get('/api/payment/plan')).body).toMatchObject({ plan: 'free_tier' });
    await server.stop();
    server = undefined;

    const moved = await adminInProcess(['plan', email, 'plan_unlimited_monthly'], env);
    expect(moved.code, moved.output).toBe(0);
    server = await startInProcessServer(env);
    const signedIn = new ApiClient(server.url);
    for (const [name, value] of api.cookies) signedIn.cookies.set(name, value);
    const held = {
      plan: 'plan_unlimited_monthly',
      is_premium: true,
      viz_credits: -1,
      billing_status: 'active',
    };
    expect((await signedIn.get('/api/payment/plan')).body).toMatchObject(held);
    // Nor does the daily job end it, a year on.
    await endLapsedPlans(server.context.db, new Date(Date.now() + 365 * 86_400_000));
    expect((await signedIn.get('/api/payment/plan')).body).toMatchObject(held);
  });
});

describe.each(backends)('card payments through Stripe, on $name', (backend) => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let database: Awaited<ReturnType<(typeof backend)['prepare']>>;
  let stripe: StripeStandIn;
  let server: RunningServer;
  let serverEnv: Record<string, string>;
  const creator = findPlan('plan_tier_one_monthly')!;

  beforeAll(async () => {
    dataDir = await makeTempDir('payments-stripe');
    database = await backend.prepare();
    stripe = await startStripeStandIn();
    serverEnv = {
      DATA_DIR: dataDir.dir,
      WEB_DIST_DIR: path.join(dataDir.dir, 'no-web-build'),
      ...STAND_IN_KEYS,
      STRIPE_API_URL: stripe.url,
      // The test signs up more users than one address may in an hour: each names its own.
      TRUST_PROXY: '1',
      ...database.env,
    };
    server = await startServer(serverEnv);
    stripe.webhookUrl = `${server.url}/api/payment/webhooks/stripe`;
  });

  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
    await database?.remove();
    await dataDir?.remove();
  });

  const planOf = async (api: ApiClient) => (await api.get('/api/payment/plan')).body;
  const subscribe = (api: ApiClient, body: Record<string, unknown>, language = 'en-US') =>
    api.call('POST', '/api/payment/subscribe', body, { headers: { 'accept-language': language } });

  /**
   * What the checkout page does: subscribe, then Stripe.js confirms the first payment with the
   * client secret the server answered (with the card's PaymentMethod). Stripe's events settled.
   */
  async function pay(
    api: ApiClient,
    body: { stripeToken: string; plan: string; promoKey?: string },
    language = 'en-US',
    call = '/api/payment/subscribe',
  ) {
    const answer = await api.call('POST', call, body, {
      headers: { 'accept-language': language },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.subscription_status).toBe('incomplete');
    const confirmed = await stripe.confirmAsBrowser(answer.body.client_secret, body.stripeToken);
    await stripe.idle();
    return { answer, confirmed };
  }

  /** A new user on the Creator plan, paid through the stand-in; the first invoice handled. */
  async function subscriber(card = 'pm_card_visa') {
    const { api, email } = await signUp(server.url);
    const before = await planOf(api);
    const { confirmed } = await pay(api, { stripeToken: card, plan: creator.id });
    if (card === AUTHENTICATION_CARD) {
      expect(confirmed.body.status).toBe('requires_action');
      await stripe.authenticate(confirmed.body.id as string, 'complete');
      await stripe.idle();
    }
    expect((await planOf(api)).plan).toBe(creator.id);
    const charge = stripe.charges.at(-1)!;
    return { api, email, before, charge };
  }

  /** The subscriptions at Stripe that can still bill, of every customer with this e-mail. */
  const liveAtStripe = (email: string) => {
    const customers = new Set(
      [...stripe.customers.values()].filter((each) => each.email === email).map((each) => each.id),
    );
    return [...stripe.subscriptions.values()].filter(
      (each) => customers.has(each.customer) && each.status !== 'canceled',
    );
  };

  test('the browser config names the publishable key', async () => {
    const config = await (await fetch(`${server.url}/api/payment/config`)).json();
    expect(config).toEqual({
      card: {
        provider: 'stripe',
        publishable_key: STAND_IN_KEYS.STRIPE_PUBLISHABLE_KEY,
        live: false,
      },
      overlay: null,
    });
  });

  test("subscribing charges the catalogue's price in the visitor's currency once the browser confirms the payment; the plan changes once Stripe reports it", async () => {
    const { api } = await signUp(server.url);
    const before = await planOf(api);
    const charges = stripe.charges.length;
    const answer = await subscribe(api, { stripeToken: 'pm_card_visa', plan: creator.id }, 'de-DE');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      subscription_status: 'incomplete',
      client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      plan: creator.id,
      amount: creator.prices.EUR,
      currency: 'EUR',
      card: { brand: 'visa', last4: '4242' },
    });
    // Stripe's incomplete-payment flow: nothing is charged or granted until Stripe.js confirms.
    await stripe.idle();
    expect(stripe.charges.length).toBe(charges);
    expect(await planOf(api)).toMatchObject({ plan: 'free_tier', is_premium: false });

    const confirmed = await stripe.confirmAsBrowser(answer.body.client_secret, 'pm_card_visa');
    expect(confirmed.body.status).toBe('succeeded');
    expect(stripe.charges.at(-1)).toMatchObject({
      amount: creator.prices.EUR,
      currency: 'eur',
      plan: creator.id,
    });
    await stripe.idle();
    expect(await planOf(api)).toMatchObject({
      plan: creator.id,
      is_premium: true,
      payment_processor: 'STRIPE',
      billing_status: 'active',
      viz_credits: before.viz_credits + creator.vizCredits,
      canvas_credits: before.canvas_credits + creator.canvasCredits,
    });
    const again = await subscribe(api, { stripeToken: 'pm_card_visa', plan: creator.id });
    expect(again.status).toBe(409);
    expect(again.body.exc).toBe('AlreadySubscribed');
  });

  test('a card that needs 3-D Secure subscribes in EUR once the cardholder completes the challenge', async () => {
    const { api } = await signUp(server.url);
    const before = await planOf(api);
    const charges = stripe.charges.length;
    const { answer, confirmed } = await pay(
      api,
      { stripeToken: AUTHENTICATION_CARD, plan: creator.id },
      'fr-FR',
    );
    expect(answer.body).toMatchObject({ currency: 'EUR', amount: creator.prices.EUR });
    // Stripe asks for the challenge: nothing is paid or granted meanwhile.
    expect(confirmed).toMatchObject({
      status: 200,
      body: { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } },
    });
    expect(stripe.charges.length).toBe(charges);
    expect((await planOf(api)).plan).toBe('free_tier');

    await stripe.authenticate(confirmed.body.id as string, 'complete');
    await stripe.idle();
    expect(stripe.charges.at(-1)).toMatchObject({ amount: creator.prices.EUR, currency: 'eur' });
    expect(await planOf(api)).toMatchObject({
      plan: creator.id,
      billing_status: 'active',
      past_due: false,
      viz_credits: before.viz_credits + creator.vizCredits,
    });
  });

  test('a failed or abandoned 3-D Secure challenge grants nothing and leaves no subscription that could bill', async () => {
    for (const ending of ['fail', 'leave'] as const) {
      const { api, email } = await signUp(server.url);
      const before = await planOf(api);
      const charges = stripe.charges.length;
      const { confirmed } = await pay(
        api,
        { stripeToken: AUTHENTICATION_CARD, plan: creator.id },
        'de-DE',
      );
      expect(confirmed.body.status).toBe('requires_action');
      if (ending === 'fail') {
        const failed = await stripe.authenticate(confirmed.body.id as string, 'fail');
        expect(failed.last_payment_error).toMatchObject({ message: AUTHENTICATION_FAILED });
        await stripe.idle();
      }
      // The page gives up on the payment: the waiting subscription ends at Stripe at once.
      const abandoned = await api.post('/api/payment/abandon-subscription');
      expect(abandoned.body, ending).toEqual({ abandoned: true });
      await stripe.idle();
      expect(liveAtStripe(email), ending).toEqual([]);
      // A challenge answered late cannot pay the ended subscription's invoice.
      const late = await stripe.confirmAsBrowser(
        confirmed.body.client_secret as string,
        'pm_card_visa',
      );
      expect(late.status, ending).toBe(400);
      await stripe.idle();
      expect(stripe.charges.length, ending).toBe(charges);
      expect(await planOf(api), ending).toMatchObject({
        plan: 'free_tier',
        is_premium: false,
        past_due: false,
        viz_credits: before.viz_credits,
      });
      // Trying again with another card is a new, single subscription.
      await pay(api, { stripeToken: 'pm_card_visa', plan: creator.id });
      expect(
        liveAtStripe(email).map((each) => each.status),
        ending,
      ).toEqual(['active']);
      expect((await planOf(api)).plan, ending).toBe(creator.id);
    }
  });

  test('two Subscribe clicks at once open one subscription at Stripe, created with an idempotency key', async () => {
    const { api, email } = await signUp(server.url);
    const body = { stripeToken: 'pm_card_visa', plan: creator.id };
    const answers = await Promise.all([subscribe(api, body), subscribe(api, body)]);
    const statuses = answers.map((answer) => answer.status).sort();
    // Either the second waited its turn and replaced the first's unpaid one, or it was refused.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const refused = answers.find((answer) => answer.status === 409);
    if (refused) expect(refused.body.exc).toBe('CheckoutInProgress');
    expect(liveAtStripe(email)).toHaveLength(1);
    expect([...stripe.customers.values()].filter((each) => each.email === email)).toHaveLength(1);
    expect(stripe.idempotencyKeys('/v1/subscriptions')).toContainEqual(
      expect.stringMatching(/^subscribe:[0-9a-f-]{36}$/),
    );
    // Whatever the browser tabs do now, one payment at most can go through.
    const charges = stripe.charges.length;
    const secrets = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => answer.body.client_secret as string);
    const confirmed = await Promise.all(
      secrets.map((secret) => stripe.confirmAsBrowser(secret, 'pm_card_visa')),
    );
    expect(confirmed.filter((each) => each.body.status === 'succeeded')).toHaveLength(1);
    await stripe.idle();
    expect(stripe.charges.length).toBe(charges + 1);
    expect((await planOf(api)).plan).toBe(creator.id);
  });

  test('a promo code changes the amount charged (while it runs); a bad one is refused before Stripe is asked', async () => {
    const { api } = await signUp(server.url);
    const charges = stripe.charges.length;
    const bad = await subscribe(api, {
      stripeToken: 'pm_card_visa',
      plan: creator.id,
      promoKey: 'NOPE',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This promo code is not valid or has ended.');
    const free = await subscribe(api, { stripeToken: 'pm_card_visa', plan: 'free_tier' });
    expect(free.status).toBe(400);
    expect(stripe.charges.length).toBe(charges);
    for (const promo of activePromos(new Date())) {
      const target = promo.appliesTo[0]!;
      await pay(api, { stripeToken: 'pm_card_visa', plan: target, promoKey: promo.key });
      const promoPlan = findPlan(promo.plan)!;
      expect(stripe.charges.at(-1)).toMatchObject({
        amount: promoPlan.prices.USD,
        plan: promo.plan,
      });
      expect((await planOf(api)).plan).toBe(promo.plan);
    }
  });

  test("a declined card is refused with Stripe's words and changes nothing", async () => {
    const { api, email } = await signUp(server.url);
    const before = await planOf(api);
    const charges = stripe.charges.length;
    const { confirmed } = await pay(api, { stripeToken: DECLINED_CARD, plan: creator.id });
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.error).toMatchObject({
      type: 'card_error',
      message: 'Your card was declined.',
    });
    // Stripe reports the failed first payment; it makes nothing past due.
    expect(await planOf(api)).toMatchObject({
      plan: 'free_tier',
      viz_credits: before.viz_credits,
      is_premium: false,
      past_due: false,
    });
    expect((await api.post('/api/payment/abandon-subscription')).body).toEqual({ abandoned: true });
    await stripe.idle();
    expect(liveAtStripe(email)).toEqual([]);
    expect(stripe.charges.length).toBe(charges);
  });

  test('renewals grant once: replays, duplicates and parallel events for one user change nothing more', async () => {
    const { api, before, charge } = await subscriber();
    const afterFirst = before.viz_credits + creator.vizCredits;
    expect((await planOf(api)).viz_credits).toBe(afterFirst);

    const renewal = stripe.invoiceOf(charge.subscription);
    const sent = await stripe.sendEvent('invoice.paid', renewal);
    expect(sent).toMatchObject({ status: 200, body: { outcome: `granted ${creator.id}` } });
    expect((await planOf(api)).viz_credits).toBe(afterFirst + creator.vizCredits);

    const replay = await stripe.sendEvent('invoice.paid', renewal, { id: sent.eventId });
    expect(replay.body).toEqual({ received: true, duplicate: true });
    const resent = await stripe.sendEvent('invoice.paid', renewal);
    expect(resent.body.outcome).toBe(`already granted ${creator.id}`);
    expect((await planOf(api)).viz_credits).toBe(afterFirst + creator.vizCredits);

    // Two new periods and one event delivered twice, all at once.
    const [a, b] = [stripe.invoiceOf(charge.subscription), stripe.invoiceOf(charge.subscription)];
    const twiceId = `evt_twice_${Date.now()}`;
    const answers = await Promise.all([
      stripe.sendEvent('invoice.paid', a),
      stripe.sendEvent('invoice.paid', b, { id: twiceId }),
      stripe.sendEvent('invoice.paid', b, { id: twiceId }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.duplicate === true)).toHaveLength(1);
    expect((await planOf(api)).viz_credits).toBe(afterFirst + 3 * creator.vizCredits);
  });

  test('a failed renewal makes the plan past due; the paid invoice makes it active again', async () => {
    const { api, charge } = await subscriber();
    const unpaid = stripe.invoiceOf(charge.subscription, { paid: false });
    expect((await stripe.sendEvent('invoice.payment_failed', unpaid)).body.outcome).toBe(
      'past_due',
    );
    expect(await planOf(api)).toMatchObject({
      billing_status: 'past_due',
      past_due: true,
      plan: creator.id,
    });
    const credits = (await planOf(api)).viz_credits;
    await stripe.sendEvent('invoice.paid', { ...unpaid, status: 'paid' });
    expect(await planOf(api)).toMatchObject({
      billing_status: 'active',
      past_due: false,
      viz_credits: credits + creator.vizCredits,
    });
  });

  test('a cancelled subscription returns the plan to free when Stripe ends it, credits kept', async () => {
    const { api, charge } = await subscriber();
    const subscription = stripe.subscriptions.get(charge.subscription)!;
    await stripe.sendEvent('customer.subscription.updated', {
      ...subscription,
      cancel_at_period_end: true,
    });
    expect((await planOf(api)).plan).toBe(creator.id);
    const credits = (await planOf(api)).viz_credits;
    await stripe.sendEvent('customer.subscription.deleted', {
      ...subscription,
      status: 'canceled',
    });
    expect(await planOf(api)).toMatchObject({
      plan: 'free_tier',
      is_premium: false,
      viz_credits: credits,
    });
  });

  test('unsigned, wrongly signed and over-five-minutes-old events are refused with 400; nothing changes', async () => {
    const { api, charge } = await subscriber();
    const before = await planOf(api);
    const invoice = stripe.invoiceOf(charge.subscription);
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const fresh = Math.floor(Date.now() / 1000);
    for (const options of [
      { signature: null },
      // Wrong signatures with a fresh timestamp: only the signature itself can refuse them.
      { signature: `t=${fresh},v1=${'0'.repeat(64)}` },
      { secret: 'whsec_another_endpoint' },
      { timestamp: old },
    ]) {
      const refused = await stripe.sendEvent('invoice.paid', invoice, options);
      expect(refused.status, JSON.stringify(options)).toBe(400);
      expect(refused.body.exc).toBe('InvalidSignature');
    }
    expect(await planOf(api)).toEqual({ ...before, last_refresh: expect.any(String) });
  });

  test('the card, the invoices and the latest one; nothing outstanding', async () => {
    const { api } = await subscriber();
    expect((await api.get('/api/payment/get-payment-method')).body).toEqual({
      payment_method: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    const history = (await api.get('/api/payment/transaction-history')).body.transactions;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      status: 'paid',
      amount_paid: creator.prices.USD,
      currency: 'USD',
    });
    expect((await api.get('/api/payment/get-latest-invoice')).body.invoice.id).toBe(history[0].id);
    expect((await api.get('/api/payment/outstanding-invoice')).body).toEqual({ invoice: null });
  });

  test('past due: the outstanding invoice is paid, with a new card when the old one fails', async () => {
    const { api, charge } = await subscriber();
    const subscription = stripe.subscriptions.get(charge.subscription)!;
    const failRenewal = async () => {
      const unpaid = stripe.invoiceOf(charge.subscription, { paid: false });
      subscription.status = 'past_due';
      await stripe.sendEvent('invoice.payment_failed', unpaid);
      return unpaid.id as string;
    };
    const first = await failRenewal();
    expect(await planOf(api)).toMatchObject({ billing_status: 'past_due', past_due: true });
    expect((await api.get('/api/payment/outstanding-invoice')).body.invoice.id).toBe(first);
    const credits = (await planOf(api)).viz_credits;
    const paid = await api.post('/api/payment/pay-outstanding-invoice', { invoice_id: first });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await stripe.idle();
    expect(await planOf(api)).toMatchObject({
      billing_status: 'active',
      past_due: false,
      viz_credits: credits + creator.vizCredits,
    });
    expect(
      (await api.post('/api/payment/pay-outstanding-invoice', { invoice_id: first })).body.exc,
    ).toBe('InvoiceNotFound');

    // The card on file now fails: paying is refused in Stripe's words, a new card settles it.
    expect(
      (await api.post('/api/payment/update-payment-method', { stripeToken: DECLINED_CARD })).status,
    ).toBe(200);
    const second = await failRenewal();
    const refused = await api.post('/api/payment/pay-outstanding-invoice', { invoice_id: second });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('Your card was declined.');
    await stripe.idle();
    expect((await planOf(api)).past_due).toBe(true);
    const settled = await api.post('/api/payment/update-payment-method', {
      stripeToken: 'pm_card_visa',
      invoiceId: second,
      resolveOutstanding: true,
    });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body).toMatchObject({
      payment_method: { last4: '4242' },
      invoice: { status: 'paid' },
    });
    await stripe.idle();
    expect(await planOf(api)).toMatchObject({ billing_status: 'active', past_due: false });
  });

  test('cancel keeps the plan to the period end; reactivate undoes it; a change starts with the next period', async () => {
    const { api, charge } = await subscriber();
    const cancelled = await api.delete('/api/payment/cancel');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.cancel_at_period_end).toBe(true);
    expect(Date.parse(cancelled.body.period_end)).toBeGreaterThan(Date.now());
    await stripe.idle();
    expect(await planOf(api)).toMatchObject({ plan: creator.id, cancel_at_period_end: true });
    expect((await api.post('/api/payment/reactivate-plan')).body.cancel_at_period_end).toBe(false);
    await stripe.idle();
    expect((await planOf(api)).cancel_at_period_end).toBe(false);
    const again = await api.post('/api/payment/reactivate-plan');
    expect([again.status, again.body.exc]).toEqual([409, 'NotCancelled']);

    const unlimited = findPlan('plan_unlimited_monthly')!;
    const changed = await api.post('/api/payment/update', { plan: unlimited.id });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      plan: unlimited.id,
      amount: unlimited.prices.USD,
      currency: 'USD',
    });
    await stripe.idle();
    expect((await planOf(api)).plan).toBe(creator.id);
    await stripe.sendEvent('invoice.paid', stripe.invoiceOf(charge.subscription));
    expect(await planOf(api)).toMatchObject({
      plan: unlimited.id,
      viz_credits: -1,
      canvas_credits: -1,
    });
    const same = await api.post('/api/payment/update', { plan: unlimited.id });
    expect([same.status, same.body.exc]).toEqual([409, 'SamePlan']);
  });

  test('without a subscription: nothing to cancel or pay, an empty history', async () => {
    const { api } = await signUp(server.url);
    expect((await api.delete('/api/payment/cancel')).body.exc).toBe('NoSubscription');
    expect((await api.post('/api/payment/update', { plan: creator.id })).body.exc).toBe(
      'NoSubscription',
    );
    expect((await api.get('/api/payment/transaction-history')).body).toEqual({ transactions: [] });
    expect((await api.get('/api/payment/get-payment-method')).body).toEqual({
      payment_method: null,
    });
  });

  test('an event for a customer nobody has is acknowledged and changes nothing', async () => {
    const answer = await stripe.sendEvent('invoice.payment_failed', {
      id: 'in_nobody',
      object: 'invoice',
      customer: 'cus_nobody',
    });
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'unknown customer' } });
  });

  test("an operator's invitation to an unlisted plan is accepted by paying its price; nothing else is", async () => {
    const { api, email } = await signUp(server.url);
    const promoPlan = findPlan('plan_tier_one_nov_promo')!;
    const charges = stripe.charges.length;
    const uninvited = await api.post('/api/payment/activate-invite-plan', {
      stripeToken: 'pm_card_visa',
      plan: promoPlan.id,
    });
    expect([uninvited.status, uninvited.body.exc]).toEqual([403, 'NoInvitation']);
    expect(stripe.charges.length).toBe(charges);

    // PGlite serves one process per data folder: the command runs while the server is stopped.
    await server.stop();
    const invited = await adminInProcess(['invite', email, promoPlan.id], serverEnv);
    expect(invited).toEqual({
      code: 0,
      output: `${email} is invited to ${promoPlan.id} (${promoPlan.title}): they accept it by paying on /checkout?plan=${promoPlan.id}&invite=1 (My Plan links there).`,
    });
    server = await startServer(serverEnv);
    stripe.webhookUrl = `${server.url}/api/payment/webhooks/stripe`;
    const again = new ApiClient(server.url);
    for (const [name, value] of api.cookies) again.cookies.set(name, value);
    expect((await planOf(again)).invited_plan).toBe(promoPlan.id);

    const other = await again.post('/api/payment/activate-invite-plan', {
      stripeToken: 'pm_card_visa',
      plan: creator.id,
    });
    expect([other.status, other.body.exc]).toEqual([403, 'NoInvitation']);
    await pay(
      again,
      { stripeToken: 'pm_card_visa', plan: promoPlan.id },
      'en-GB',
      '/api/payment/activate-invite-plan',
    );
    expect(stripe.charges.at(-1)).toMatchObject({
      amount: promoPlan.prices.GBP,
      currency: 'gbp',
      plan: promoPlan.id,
    });
    await stripe.idle();
    expect(await planOf(again)).toMatchObject({
      plan: promoPlan.id,
      is_premium: true,
      invited_plan: null,
    });
  });
  test('a renewal whose card needs 3-D Secure makes the plan past due; the cardholder authenticates from Issue Detected', async () => {
    const { api, charge } = await subscriber(AUTHENTICATION_CARD);
    const credits = (await planOf(api)).viz_credits;
    const renewal = await stripe.renew(charge.subscription);
    await stripe.idle();
    expect(await planOf(api)).toMatchObject({
      plan: creator.id,
      billing_status: 'past_due',
      past_due: true,
    });
    const outstanding = (await api.get('/api/payment/outstanding-invoice')).body.invoice;
    expect(outstanding.id).toBe(renewal.id);
    // Paying it asks for the challenge: the answer carries the payment's client secret.
    const paid = await api.post('/api/payment/pay-outstanding-invoice', {
      invoice_id: outstanding.id,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    expect((await planOf(api)).past_due).toBe(true);
    // Stripe.js's handleNextAction: the cardholder completes the challenge.
    await stripe.authenticate(
      (paid.body.client_secret as string).split('_secret_')[0]!,
      'complete',
    );
    await stripe.idle();
    expect(await planOf(api)).toMatchObject({
      billing_status: 'active',
      past_due: false,
      viz_credits: credits + creator.vizCredits,
    });
  });

  test("events of a subscription that is not the plan's current one change nothing; an old invoice paid after the end does not bring the plan back", async () => {
    const { api, charge } = await subscriber();
    const subscription = stripe.subscriptions.get(charge.subscription)!;
    const other = await stripe.sendEvent('customer.subscription.updated', {
      ...subscription,
      id: 'sub_someone_elses',
      status: 'past_due',
    });
    expect(other.body.outcome).toBe('ignored: not the current subscription (sub_someone_elses)');
    expect(await planOf(api)).toMatchObject({ plan: creator.id, past_due: false });

    const oldInvoice = stripe.invoiceOf(charge.subscription, { paid: false });
    await stripe.sendEvent('customer.subscription.deleted', {
      ...subscription,
      status: 'canceled',
    });
    const credits = (await planOf(api)).viz_credits;
    expect((await planOf(api)).plan).toBe('free_tier');
    const late = await stripe.sendEvent('invoice.paid', { ...oldInvoice, status: 'paid' });
    expect(late.body.outcome).toBe(
      `ignored: not the current subscription (${charge.subscription})`,
    );
    expect(await planOf(api)).toMatchObject({
      plan: 'free_tier',
      is_premium: false,
      viz_credits: credits,
    });
  });

  test('a plan whose period has ended without a paid renewal is free when read; a late payment of its subscription brings it back', async () => {
    const { api, charge } = await subscriber();
    const subscription = stripe.subscriptions.get(charge.subscription)!;
    const item = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
    const daysAgo = (days: number) => Math.floor(Date.now() / 1000) - days * 86_400;
    const periodEndingAt = (end: number, cancel: boolean) =>
      stripe.sendEvent('customer.subscription.updated', {
        ...subscription,
        cancel_at_period_end: cancel,
        items: { object: 'list', data: [{ ...item, current_period_end: end }] },
      });
    // Within the renewal's grace the plan stays.
    await periodEndingAt(daysAgo(1), false);
    expect((await planOf(api)).plan).toBe(creator.id);
    // Past it, no renewal paid: free, credits kept.
    const credits = (await planOf(api)).viz_credits;
    await periodEndingAt(daysAgo(4), false);
    expect(await planOf(api)).toMatchObject({
      plan: 'free_tier',
      is_premium: false,
      viz_credits: credits,
    });
    // The subscription is still the one the plan follows: its renewal paid late restores it.
    await stripe.sendEvent('invoice.paid', stripe.invoiceOf(charge.subscription));
    expect(await planOf(api)).toMatchObject({
      plan: creator.id,
      viz_credits: credits + creator.vizCredits,
    });
    // A cancelled plan ends with its period, without waiting for Stripe's end.
    await periodEndingAt(daysAgo(0.01), true);
    expect((await planOf(api)).plan).toBe('free_tier');
  });

  test('deleting an account cancels its subscription at Stripe at once; when Stripe cannot be reached nothing is deleted', async () => {
    const { api, email, charge } = await subscriber();
    expect((await api.post('/api/account/request-account-deletion')).status).toBe(200);
    const code = codeIn(await waitForMail(dataDir.dir, email, 2));

    stripe.outage = true;
    const refused = await api.delete('/api/account/confirm-account-deletion', {
      deletion_code: code,
    });
    stripe.outage = false;
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      exc: 'ProviderUnavailable',
      message:
        'Your subscription could not be cancelled with Stripe just now, so your account has not been deleted. Try again in a few minutes.',
    });
    expect((await api.get('/api/auth/user')).status).toBe(200);
    expect(await planOf(api)).toMatchObject({ plan: creator.id });
    expect(stripe.subscriptions.get(charge.subscription)!.status).toBe('active');

    // The same code, once Stripe answers again.
    const deleted = await api.delete('/api/account/confirm-account-deletion', {
      deletion_code: code,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(stripe.subscriptions.get(charge.subscription)!.status).toBe('canceled');
    expect((await api.get('/api/auth/user')).status).toBe(401);
    // Stripe's word that the subscription ended finds nobody, and nothing more is charged.
    await stripe.idle();
  });

  test('npm run admin -- plan keeps a paying subscriber linked to their subscription and says so', async () => {
    const { api, email, charge } = await subscriber();
    await server.stop();
    const unlimited = findPlan('plan_unlimited_monthly')!;
    const moved = await adminInProcess(['plan', email, unlimited.id], serverEnv);
    expect(moved.code).toBe(0);
    expect(moved.output).toContain(
      `They pay through Stripe (subscription ${charge.subscription}), which stays linked and keeps billing`,
    );
    server = await startServer(serverEnv);
    stripe.webhookUrl = `${server.url}/api/payment/webhooks/stripe`;
    const again = new ApiClient(server.url);
    for (const [name, value] of api.cookies) again.cookies.set(name, value);
    expect(await planOf(again)).toMatchObject({ plan: unlimited.id, payment_processor: 'STRIPE' });
    // The subscription's end is still heard.
    const subscription = stripe.subscriptions.get(charge.subscription)!;
    const ended = await stripe.sendEvent('customer.subscription.deleted', {
      ...subscription,
      status: 'canceled',
    });
    expect(ended.body.outcome).toBe('ended: free_tier');
    expect((await planOf(again)).plan).toBe('free_tier');
  });
});

describe.each(backends)('plans whose paid time is over, on $name', (backend) => {
  let server: InProcessServer;
  let removeDatabase: () => Promise<void>;

  beforeAll(async () => {
    const prepared = await backend.prepare();
    removeDatabase = prepared.remove;
    server = await startInProcessServer(prepared.env);
  });
  afterAll(async () => {
    await server?.stop();
    await removeDatabase?.();
  });

  /** A user on the Creator plan whose paid period ended `daysAgo` days ago. */
  async function lapsing(daysAgo: number, cancelAtPeriodEnd = false) {
    const { email, userUuid } = await signUp(server.url);
    await setPlanByEmail(server.context.db, email, 'plan_tier_one_monthly');
    await server.context.db
      .update(plans)
      .set({
        paymentProcessor: 'STRIPE',
        providerSubscriptionId: `sub_${userUuid.slice(0, 8)}`,
        periodEnd: new Date(Date.now() - daysAgo * 86_400_000),
        cancelAtPeriodEnd,
      })
      .where(eq(plans.userUuid, userUuid));
    return userUuid;
  }
  const stored = async (userUuid: string) =>
    (await server.context.db.select().from(plans).where(eq(plans.userUuid, userUuid)))[0]!;

  test('the daily job returns them to free without anyone reading them; it is queued for every day', async () => {
    const renewing = await lapsing(RENEWAL_GRACE_DAYS + 1);
    const cancelled = await lapsing(0.01, true);
    const inGrace = await lapsing(1);
    const notYet = await lapsing(-10);
    // The job's own run, queued as the schedule would, through the in-process worker.
    const day = await scheduleLapsedPlans(server.context);
    expect(
      await server.context.queue.getJob('end-lapsed-plans', dailyJobId('end-lapsed-plans', day)),
    ).toMatchObject({ state: 'created' });
    await server.context.queue.send('end-lapsed-plans', { day: '2026-01-01' });
    await waitFor('the lapsed plans to end', async () =>
      (await stored(renewing)).plan === 'free_tier' ? true : undefined,
    );
    await waitFor('the cancelled plan to end', async () =>
      (await stored(cancelled)).plan === 'free_tier' ? true : undefined,
    );
    expect(await stored(renewing)).toMatchObject({
      plan: 'free_tier',
      unlimitedViz: false,
      billingStatus: 'canceled',
      // Still linked: a late payment of this subscription brings the plan back.
      providerSubscriptionId: expect.stringMatching(/^sub_/),
    });
    expect((await stored(inGrace)).plan).toBe('plan_tier_one_monthly');
    expect((await stored(notYet)).plan).toBe('plan_tier_one_monthly');
    expect(await endLapsedPlans(server.context.db)).toBe(0);
  });

  test('an unlimited plan past its time renders as the free plan it now is', async () => {
    const { api, email, userUuid } = await signUp(server.url);
    await setPlanByEmail(server.context.db, email, 'plan_unlimited_monthly');
    await server.context.db
      .update(plans)
      .set({ periodEnd: new Date(Date.now() - 60_000), cancelAtPeriodEnd: true })
      .where(eq(plans.userUuid, userUuid));
    // Charging a render reads the plan with its row locked: the lapse is settled there too.
    await server.context.db.transaction((tx) =>
      chargeRenderCredit(tx, userUuid, crypto.randomUUID()),
    );
    expect(await stored(userUuid)).toMatchObject({ plan: 'free_tier', unlimitedViz: false });
    expect((await api.get('/api/payment/plan')).body).toMatchObject({
      plan: 'free_tier',
      is_premium: false,
    });
  });
});
