// Plans and payments against the real server (issue 12): the operator's command moves a user
// onto a plan of the catalogue and grants its credits through the credit ledger once per period;
// card payments go through the real `stripe` client to a local server that speaks Stripe's API
// (tests/support/stripe-stand-in.ts), and its webhook events are signed by the library's helper.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { activePromos, findPlan } from '../../core/plans/catalogue';
import { ApiClient } from '../support/api-client';
import { backends } from '../support/backends';
import { signUp } from '../support/renders-client';
import { startServer, type RunningServer } from '../support/server-process';
import {
  DECLINED_CARD,
  STAND_IN_KEYS,
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in';
import { makeTempDir } from '../support/temp-dir';

vi.setConfig({ testTimeout: 120_000 });

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run admin -- <args>` as the operator runs it (the script itself, without npm's banner). */
function admin(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
    child.on('exit', (code) => resolve({ code, output: output.trim() }));
  });
}

describe.each(backends)('npm run admin -- plan, on $name', (backend) => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let database: Awaited<ReturnType<(typeof backend)['prepare']>>;
  let env: Record<string, string>;
  let server: RunningServer | undefined;

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
      const busy = await admin(['plan', email, 'plan_tier_one_monthly'], env);
      expect(busy.code).toBe(1);
      expect(busy.output).toContain('The server is running on this data folder');
    }
    // PGlite serves one process per data folder; on PostgreSQL the command could run beside it.
    await server.stop();
    server = undefined;

    const creator = findPlan('plan_tier_one_monthly')!;
    const first = await admin(['plan', email.toUpperCase(), 'plan_tier_one_monthly'], env);
    expect(first).toEqual({
      code: 0,
      output: `${email.toUpperCase()} is now on plan_tier_one_monthly (Creator). Granted ${creator.vizCredits} visualizer and ${creator.canvasCredits} Canvas credits for this month.`,
    });
    const again = await admin(['plan', email, 'plan_tier_one_monthly'], env);
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
      const refused = await admin([...args], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(message);
    }

    server = await startServer(env);
    const signedIn = reconnect(api, server.url);
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
    await server.stop();
    server = undefined;

    const unlimited = await admin(['plan', email, 'plan_unlimited_monthly'], env);
    expect(unlimited.output).toContain('Its credits are unlimited.');
    server = await startServer(env);
    const onUnlimited = (await reconnect(api, server.url).get('/api/payment/plan')).body;
    expect(onUnlimited).toMatchObject({
      plan: 'plan_unlimited_monthly',
      viz_credits: -1,
      canvas_credits: -1,
    });
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

  /** A new user on the Creator plan, paid through the stand-in; the first invoice handled. */
  async function subscriber() {
    const { api } = await signUp(server.url);
    const before = await planOf(api);
    const answer = await subscribe(api, { stripeToken: 'pm_card_visa', plan: creator.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await stripe.idle();
    const charge = stripe.charges.at(-1)!;
    return { api, before, charge };
  }

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

  test("subscribing charges the catalogue's price in the visitor's currency; the plan changes once Stripe confirms", async () => {
    const { api } = await signUp(server.url);
    const before = await planOf(api);
    const answer = await subscribe(api, { stripeToken: 'pm_card_visa', plan: creator.id }, 'de-DE');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      plan: creator.id,
      amount: creator.prices.EUR,
      currency: 'EUR',
      card: { brand: 'visa', last4: '4242' },
    });
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
      const answer = await subscribe(api, {
        stripeToken: 'pm_card_visa',
        plan: target,
        promoKey: promo.key,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const promoPlan = findPlan(promo.plan)!;
      expect(stripe.charges.at(-1)).toMatchObject({
        amount: promoPlan.prices.USD,
        plan: promo.plan,
      });
      await stripe.idle();
      expect((await planOf(api)).plan).toBe(promo.plan);
    }
  });

  test("a declined card is refused with Stripe's words and changes nothing", async () => {
    const { api } = await signUp(server.url);
    const before = await planOf(api);
    const answer = await subscribe(api, { stripeToken: DECLINED_CARD, plan: creator.id });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ exc: 'PaymentFailed', message: 'Your card was declined.' });
    await stripe.idle();
    expect(await planOf(api)).toMatchObject({
      plan: 'free_tier',
      viz_credits: before.viz_credits,
      is_premium: false,
    });
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
    for (const options of [
      { signature: null },
      { signature: 't=1,v1=forged' },
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
    const invited = await admin(['invite', email, promoPlan.id], serverEnv);
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
    const accepted = await again.call(
      'POST',
      '/api/payment/activate-invite-plan',
      { stripeToken: 'pm_card_visa', plan: promoPlan.id },
      { headers: { 'accept-language': 'en-GB' } },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
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
});
