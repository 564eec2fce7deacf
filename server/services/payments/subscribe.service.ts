import {
  checkoutPlan,
  findPlan as findCataloguePlan,
  isPremiumPlan,
  type PlanDefinition,
  type Promo,
} from '../../../core/plans/catalogue';
import type { Currency } from '../../../core/locale';
import { AppError } from '../../errors/app-error';
import {
  beginCheckout,
  endCheckout,
  lockPlanRow,
  updatePlanRow,
  updatePlanRowLocked,
} from '../../repositories/credit-ledger.repository';
import { bindCheckout } from '../../repositories/payments/payment-events.repository';
import { findPlan, type UserRow } from '../../repositories/users.repository';
import { currentPlan } from './plan-lapse';
import type { AccountContext } from '../accounts/account-context';
import { asking } from './provider-errors';
import { paddleOf, stripeOf } from './gateways';

// POST /api/payment/subscribe {stripeToken, plan, promoKey}: a card subscription at Stripe. The
// plan and the amount come from the catalogue (with the promo code's plan, in the visitor's
// currency); the browser only sends the card's PaymentMethod id. The plan itself changes when
// Stripe confirms the payment (invoice.paid, stripe-webhooks.service.ts), never here.

export const paymentsUnavailable = () =>
  new AppError(409, 'PaymentsUnavailable', 'This installation does not take card payments.');

const alreadySubscribed = () =>
  new AppError(
    409,
    'AlreadySubscribed',
    'You already have a paid plan: change it on the My Plan page.',
  );

/** The user's plan row, unless they pay for a subscription already (409). */
async function unsubscribedPlan(context: AccountContext, user: UserRow) {
  const current = await currentPlan(context.db, user.userUuid);
  if (!current) throw new Error(`user ${user.userUuid} has no plan`);
  if (isPremiumPlan(current.plan) && current.providerSubscriptionId) throw alreadySubscribed();
  return current;
}

export interface SubscribeInput {
  stripeToken: string;
  plan: string;
  promoKey: string | null;
  currency: Currency;
}

export async function subscribe(context: AccountContext, user: UserRow, input: SubscribeInput) {
  const choice = checkoutPlan(input.plan, input.promoKey, input.currency, new Date());
  if ('error' in choice) throw new AppError(400, 'InvalidData', choice.error);
  return subscribeByCard(context, user, {
    ...choice,
    stripeToken: input.stripeToken,
    currency: input.currency,
  });
}

/**
 * POST /api/payment/activate-invite-plan {stripeToken, plan}: accepts the operator's invitation
 * (npm run admin -- invite) by paying for the invited plan at its catalogue price, even when the
 * pricing page does not list it. Any other plan is refused (403).
 */
export async function activateInvitePlan(
  context: AccountContext,
  user: UserRow,
  input: { stripeToken: string; plan: string; currency: Currency },
) {
  const current = await findPlan(context.db, user.userUuid);
  const plan = findCataloguePlan(input.plan);
  if (!plan || !current?.invitedPlan || current.invitedPlan !== plan.id) {
    throw new AppError(403, 'NoInvitation', 'You have no invitation to this plan.');
  }
  // The invitation is accepted when Stripe reports the payment (applyPlanPeriod clears it).
  return subscribeByCard(context, user, {
    plan,
    amount: plan.prices[input.currency],
    promo: null,
    stripeToken: input.stripeToken,
    currency: input.currency,
  });
}

/** How long one card checkout keeps others of the same user out (longer than Stripe's calls). */
const CHECKOUT_LEASE_SECONDS = 90;

export const checkoutInProgress = () =>
  new AppError(
    409,
    'CheckoutInProgress',
    'A payment for your plan is already being set up. Wait a moment, then try again.',
  );

/** Subscription states at Stripe that mean the user pays (or is paying) for a plan already. */
const PAYING_STATES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

/**
 * A card subscription at Stripe for a plan and amount the server chose, by Stripe's flow for
 * incomplete payments: the subscription is created waiting for its first payment, which the
 * browser confirms with Stripe.js (and the card's 3-D Secure challenge, where its bank asks for
 * one). The plan changes when Stripe reports the paid invoice. One attempt at a time per user
 * (a lease on the plan row, across every instance), and Stripe is asked with idempotency keys.
 */
async function subscribeByCard(
  context: AccountContext,
  user: UserRow,
  choice: {
    plan: PlanDefinition;
    amount: number;
    promo: Promo | null;
    stripeToken: string;
    currency: Currency;
  },
) {
  const stripe = stripeOf(context.config);
  const product = context.config.payments.stripe?.productId;
  if (!stripe || !product) throw paymentsUnavailable();
  await unsubscribedPlan(context, user);
  const attempt = await beginCheckout(context.db, user.userUuid, CHECKOUT_LEASE_SECONDS);
  if (!attempt) throw checkoutInProgress();
  try {
    const current = await unsubscribedPlan(context, user);
    return await asking(async () => {
      let customerId = current.paymentProcessor === 'STRIPE' ? current.providerCustomerId : null;
      if (!customerId) {
        customerId = await stripe.createCustomer(
          user.email,
          user.userUuid,
          `customer:${user.userUuid}`,
        );
        // Stored before the subscription exists, so its first invoice's event finds the user.
        await updatePlanRowLocked(context.db, user.userUuid, {
          paymentProcessor: 'STRIPE',
          providerCustomerId: customerId,
        });
      }
      // An earlier attempt may still wait for its payment (a 3-D Secure challenge failed or
      // left, another tab): it is ended, so only one subscription can ever be paid. One that is
      // paid already means the plan is on its way.
      const live = await stripe.liveSubscriptions(customerId);
      if (live.some((each) => PAYING_STATES.has(each.status))) throw alreadySubscribed();
      for (const waiting of live) await stripe.cancelSubscriptionNow(waiting.id);
      const card = await stripe.attachCard(customerId, choice.stripeToken);
      const subscription = await stripe.createSubscription({
        customerId,
        paymentMethodId: choice.stripeToken,
        planId: choice.plan.id,
        productId: product,
        currency: choice.currency,
        amount: choice.amount,
        interval: choice.plan.interval!,
        promoKey: choice.promo?.key ?? null,
        idempotencyKey: `subscribe:${attempt}`,
      });
      // The plan follows this subscription from now: its events are the ones that count.
      await updatePlanRowLocked(context.db, user.userUuid, {
        providerSubscriptionId: subscription.id,
      });
      context.log.info(
        {
          userUuid: user.userUuid,
          plan: choice.plan.id,
          amount: choice.amount,
          subscription: subscription.id,
          status: subscription.status,
        },
        'subscription created',
      );
      return {
        subscription_status: subscription.status,
        /** Stripe.js confirms the first payment with it (confirmCardPayment). */
        client_secret: subscription.clientSecret,
        plan: choice.plan.id,
        amount: choice.amount,
        currency: choice.currency,
        card,
      };
    });
  } finally {
    await endCheckout(context.db, user.userUuid, attempt);
  }
}

/**
 * POST /api/payment/abandon-subscription: the browser could not complete the first payment (the
 * 3-D Secure challenge failed or was closed): the subscription waiting for it is ended at Stripe
 * at once, so nothing is left to bill. A subscription already paid is not touched.
 */
export async function abandonSubscription(context: AccountContext, user: UserRow) {
  const stripe = stripeOf(context.config);
  if (!stripe) throw paymentsUnavailable();
  const plan = await findPlan(context.db, user.userUuid);
  const waiting = plan?.paymentProcessor === 'STRIPE' ? plan.providerSubscriptionId : null;
  if (!plan || !waiting || isPremiumPlan(plan.plan)) return { abandoned: false };
  const live = await asking(() => stripe.liveSubscriptions(plan.providerCustomerId!));
  const subscription = live.find((each) => each.id === waiting);
  if (subscription && subscription.status !== 'incomplete') return { abandoned: false };
  if (subscription) await asking(() => stripe.cancelSubscriptionNow(waiting));
  await context.db.transaction(async (tx) => {
    const locked = await lockPlanRow(tx, user.userUuid);
    if (locked?.providerSubscriptionId === waiting && !isPremiumPlan(locked.plan)) {
      await updatePlanRow(tx, user.userUuid, { providerSubscriptionId: null });
    }
  });
  context.log.info({ userUuid: user.userUuid, subscription: waiting }, 'checkout abandoned');
  return { abandoned: true };
}

/**
 * POST /api/payment/paddle-checkout {plan, promoKey}: the transaction Paddle's overlay opens in
 * the browser. The plan (with the promo code's plan) and its Paddle price come from the server;
 * the user is named in the transaction's custom data, which Paddle's events carry back. The plan
 * changes when Paddle confirms the payment (transaction.completed, paddle-webhooks.service.ts).
 */
export async function startOverlayCheckout(
  context: AccountContext,
  user: UserRow,
  input: { plan: string; promoKey: string | null },
) {
  const paddle = paddleOf(context.config);
  const priceIds = context.config.payments.paddle?.priceIds;
  if (!paddle || !priceIds) {
    throw new AppError(409, 'PaymentsUnavailable', 'This installation has no overlay checkout.');
  }
  // The currency does not matter here: Paddle prices the transaction in the buyer's own.
  const choice = checkoutPlan(input.plan, input.promoKey, 'USD', new Date());
  if ('error' in choice) throw new AppError(400, 'InvalidData', choice.error);
  const priceId = priceIds[choice.plan.id];
  if (!priceId) {
    throw new AppError(400, 'InvalidData', 'That plan cannot be bought through this checkout.');
  }
  const current = await unsubscribedPlan(context, user);
  const { transactionId } = await asking(() =>
    paddle.createCheckout({
      planId: choice.plan.id,
      priceId,
      userUuid: user.userUuid,
      email: user.email,
      promoKey: choice.promo?.key ?? null,
      customerId: current.paymentProcessor === 'PADDLE' ? current.providerCustomerId : null,
    }),
  );
  // Its payment will be this user's, and only this user's (paddle-webhooks.service.ts).
  await bindCheckout(context.db, {
    provider: 'PADDLE',
    checkoutId: transactionId,
    userUuid: user.userUuid,
    plan: choice.plan.id,
  });
  context.log.info(
    { userUuid: user.userUuid, plan: choice.plan.id, transaction: transactionId },
    'overlay checkout opened',
  );
  return { transaction_id: transactionId, plan: choice.plan.id };
}
