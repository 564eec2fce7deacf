import {
  checkoutPlan,
  findPlan as findCataloguePlan,
  isPremiumPlan,
  type PlanDefinition,
  type Promo,
} from '../../../core/plans/catalogue';
import type { Currency } from '../../../core/locale';
import { AppError } from '../../errors/app-error';
import { lockPlanForCharge, updatePlanRow } from '../../repositories/credit-ledger.repository';
import { findPlan, type UserRow } from '../../repositories/users.repository';
import type { AccountContext } from '../accounts/account-context';
import { asking } from './provider-errors';
import { paddleOf, stripeOf } from './gateways';

// POST /api/payment/subscribe {stripeToken, plan, promoKey}: a card subscription at Stripe. The
// plan and the amount come from the catalogue (with the promo code's plan, in the visitor's
// currency); the browser only sends the card's PaymentMethod id. The plan itself changes when
// Stripe confirms the payment (invoice.paid, stripe-webhooks.service.ts), never here.

export const paymentsUnavailable = () =>
  new AppError(409, 'PaymentsUnavailable', 'This installation does not take card payments.');

/** The user's plan row, unless they pay for a subscription already (409). */
async function unsubscribedPlan(context: AccountContext, user: UserRow) {
  const current = await findPlan(context.db, user.userUuid);
  if (!current) throw new Error(`user ${user.userUuid} has no plan`);
  if (isPremiumPlan(current.plan) && current.providerSubscriptionId) {
    throw new AppError(
      409,
      'AlreadySubscribed',
      'You already have a paid plan: change it on the My Plan page.',
    );
  }
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
  const answer = await subscribeByCard(context, user, {
    plan,
    amount: plan.prices[input.currency],
    promo: null,
    stripeToken: input.stripeToken,
    currency: input.currency,
  });
  await context.db.transaction(async (tx) => {
    await lockPlanForCharge(tx, user.userUuid);
    await updatePlanRow(tx, user.userUuid, { invitedPlan: null });
  });
  return answer;
}

/** A card subscription at Stripe for a plan and amount the server chose. */
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
  const current = await unsubscribedPlan(context, user);
  return asking(async () => {
    let customerId = current.paymentProcessor === 'STRIPE' ? current.providerCustomerId : null;
    if (!customerId) {
      customerId = await stripe.createCustomer(user.email, user.userUuid);
      // Stored before the subscription exists, so its first invoice's event finds the user.
      await context.db.transaction(async (tx) => {
        await lockPlanForCharge(tx, user.userUuid);
        await updatePlanRow(tx, user.userUuid, {
          paymentProcessor: 'STRIPE',
          providerCustomerId: customerId,
        });
      });
    }
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
    });
    context.log.info(
      {
        userUuid: user.userUuid,
        plan: choice.plan.id,
        amount: choice.amount,
        subscription: subscription.id,
      },
      'subscription created',
    );
    return {
      subscription_status: subscription.status,
      plan: choice.plan.id,
      amount: choice.amount,
      currency: choice.currency,
      card,
    };
  });
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
  context.log.info(
    { userUuid: user.userUuid, plan: choice.plan.id, transaction: transactionId },
    'overlay checkout opened',
  );
  return { transaction_id: transactionId, plan: choice.plan.id };
}
