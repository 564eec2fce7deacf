import { findPlan as findCataloguePlan, isPremiumPlan } from '../../../core/plans/catalogue';
import { AppError } from '../../errors/app-error';
import { updatePlanRowLocked } from '../../repositories/credit-ledger.repository';
import type { CardSummary, InvoiceSummary } from '../../repositories/payments/stripe-gateway';
import { findPlan, type PlanRow, type UserRow } from '../../repositories/users.repository';
import type { AccountContext } from '../accounts/account-context';
import { paddleOf, stripeOf } from './gateways';
import { asking } from './provider-errors';
import { endedPlanPatch } from './plan-change.service';
import { paymentsUnavailable } from './subscribe.service';

// The Payments calls of an existing subscription (spec 7): invoices, the card, cancel at the
// period's end, reactivate before it, change plan, pay the outstanding invoice. Each asks the
// provider that took the plan's payments (its payment_processor: Stripe or Paddle, through one
// interface below); what it answers is stored, and its webhooks confirm the rest (paid periods,
// past due).

/** What the billing calls need of a provider, whichever it is. */
interface BillingProvider {
  listInvoices(customerId: string, open?: boolean): Promise<InvoiceSummary[]>;
  card(customerId: string): Promise<CardSummary | null>;
  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
  ): Promise<{ cancelAtPeriodEnd: boolean; periodEnd: Date | null }>;
  /** Another plan from the next period; answers when it starts and what it then costs. */
  changePlan(
    subscriptionId: string,
    planId: string,
  ): Promise<{ periodEnd: Date | null; amount: number; currency: string }>;
}

function billingProviderOf(context: AccountContext, plan: PlanRow): BillingProvider | null {
  if (plan.paymentProcessor === 'PADDLE') {
    const paddle = paddleOf(context.config);
    const priceIds = context.config.payments.paddle?.priceIds ?? {};
    if (!paddle) return null;
    return {
      listInvoices: (customer, open) => paddle.listInvoices(customer, open),
      card: (customer) => paddle.lastCard(customer),
      setCancelAtPeriodEnd: (subscription, cancel) =>
        paddle.setCancelAtPeriodEnd(subscription, cancel),
      async changePlan(subscription, planId) {
        const priceId = priceIds[planId];
        if (!priceId) throw notSoldHere();
        const answer = await paddle.changePrice(subscription, { planId, priceId });
        return { ...answer, currency: answer.currency.toUpperCase() };
      },
    };
  }
  const stripe = stripeOf(context.config);
  const product = context.config.payments.stripe?.productId;
  if (!stripe || !product) return null;
  return {
    listInvoices: (customer, open) => stripe.listInvoices(customer, open),
    card: (customer) => stripe.defaultCard(customer),
    setCancelAtPeriodEnd: (subscription, cancel) =>
      stripe.setCancelAtPeriodEnd(subscription, cancel),
    changePlan(subscription, planId) {
      const plan = findCataloguePlan(planId)!;
      return stripe.changeSubscriptionPlan({
        subscriptionId: subscription,
        planId,
        productId: product,
        prices: plan.prices,
        interval: plan.interval!,
      });
    },
  };
}

const useOverlay = () =>
  new AppError(
    409,
    'UseOverlayCheckout',
    'Your plan is paid through the checkout overlay: change your card there.',
  );

const notSoldHere = () =>
  new AppError(400, 'InvalidData', 'That plan cannot be bought through this checkout.');

export const noSubscription = () =>
  new AppError(404, 'NoSubscription', 'You have no paid subscription.');

interface Account {
  provider: BillingProvider;
  plan: PlanRow;
  /** The provider's customer, or null when the provider never took a payment from the user. */
  customerId: string | null;
}

async function accountOf(context: AccountContext, user: UserRow): Promise<Account> {
  const plan = await findPlan(context.db, user.userUuid);
  if (!plan) throw new Error(`user ${user.userUuid} has no plan`);
  const provider = billingProviderOf(context, plan);
  if (!provider) throw paymentsUnavailable();
  const customerId = plan.paymentProcessor ? plan.providerCustomerId : null;
  return { provider, plan, customerId };
}

function subscriptionOf(account: Account): string {
  const id = account.plan.providerSubscriptionId;
  if (!id || !isPremiumPlan(account.plan.plan)) throw noSubscription();
  return id;
}

/** GET transaction-history: the user's invoices at Stripe, newest first. */
export async function transactionHistory(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  if (!account.customerId) return { transactions: [] };
  return { transactions: await asking(() => account.provider.listInvoices(account.customerId!)) };
}

/** GET get-payment-method: the card invoices are charged to. */
export async function paymentMethod(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  if (!account.customerId) return { payment_method: null };
  return { payment_method: await asking(() => account.provider.card(account.customerId!)) };
}

/** GET outstanding-invoice: the oldest unpaid invoice, or null. */
export async function outstandingInvoice(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  if (!account.customerId) return { invoice: null };
  const open = await asking(() => account.provider.listInvoices(account.customerId!, true));
  return { invoice: open.at(-1) ?? null };
}

/** GET get-latest-invoice: the newest invoice, or null. */
export async function latestInvoice(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  if (!account.customerId) return { invoice: null };
  const invoices = await asking(() => account.provider.listInvoices(account.customerId!));
  return { invoice: invoices[0] ?? null };
}

/** POST pay-outstanding-invoice {invoice_id}: one of the user's open invoices. */
export async function payOutstandingInvoice(
  context: AccountContext,
  user: UserRow,
  invoiceId: string,
) {
  const account = await accountOf(context, user);
  if (!account.customerId) throw noSubscription();
  const open = await asking(() => account.provider.listInvoices(account.customerId!, true));
  const unpaid = open.find((invoice) => invoice.id === invoiceId);
  if (!unpaid) throw new AppError(404, 'InvoiceNotFound', 'No such unpaid invoice.');
  // The plan becomes active again when the provider's event for the paid invoice arrives. Stripe
  // charges the card on file now (or, when the card's bank wants the cardholder to authenticate,
  // answers the payment's client secret, which Stripe.js takes through 3-D Secure); Paddle's
  // overlay collects the open transaction in the browser.
  const stripe = stripeOf(context.config);
  if (account.plan.paymentProcessor !== 'STRIPE' || !stripe) {
    return { invoice: unpaid, checkout: { transaction_id: invoiceId }, client_secret: null };
  }
  const paid = await asking(() => stripe.payInvoice(invoiceId));
  return { invoice: paid.invoice, checkout: null, client_secret: paid.clientSecret };
}

/** POST update-payment-method {stripeToken, invoiceId?, resolveOutstanding?}. */
export async function updatePaymentMethod(
  context: AccountContext,
  user: UserRow,
  input: { stripeToken: string; invoiceId: string | null; resolveOutstanding: boolean },
) {
  const account = await accountOf(context, user);
  if (!account.customerId) throw noSubscription();
  const stripe = stripeOf(context.config);
  if (account.plan.paymentProcessor !== 'STRIPE' || !stripe) throw useOverlay();
  const card = await asking(() => stripe.attachCard(account.customerId!, input.stripeToken));
  if (input.resolveOutstanding && input.invoiceId) {
    const paid = await payOutstandingInvoice(context, user, input.invoiceId);
    return { payment_method: card, invoice: paid.invoice, client_secret: paid.client_secret };
  }
  return { payment_method: card, invoice: null, client_secret: null };
}

/** DELETE cancel: the plan ends with the paid period; its credits stay until then and after. */
export async function cancelPlan(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  const subscription = subscriptionOf(account);
  const answer = await asking(() => account.provider.setCancelAtPeriodEnd(subscription, true));
  await updatePlanRowLocked(context.db, user.userUuid, {
    cancelAtPeriodEnd: answer.cancelAtPeriodEnd,
    periodEnd: answer.periodEnd,
  });
  return { cancel_at_period_end: true, period_end: answer.periodEnd?.toISOString() ?? null };
}

/** POST reactivate-plan: undoes a cancel before the period ends. */
export async function reactivatePlan(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  const subscription = subscriptionOf(account);
  if (!account.plan.cancelAtPeriodEnd) {
    throw new AppError(409, 'NotCancelled', 'Your plan is not set to end.');
  }
  if (account.plan.periodEnd && account.plan.periodEnd.getTime() <= Date.now()) {
    throw new AppError(409, 'PeriodEnded', 'Your paid period has ended: choose a plan again.');
  }
  const answer = await asking(() => account.provider.setCancelAtPeriodEnd(subscription, false));
  await updatePlanRowLocked(context.db, user.userUuid, {
    cancelAtPeriodEnd: answer.cancelAtPeriodEnd,
    periodEnd: answer.periodEnd,
  });
  return { cancel_at_period_end: false, period_end: answer.periodEnd?.toISOString() ?? null };
}

/**
 * POST update {plan}: another paid plan from the next period (its price then, its credits with
 * that period's invoice); the current plan and its credits stay until then.
 */
export async function changePlan(context: AccountContext, user: UserRow, planId: string) {
  const account = await accountOf(context, user);
  const subscription = subscriptionOf(account);
  const plan = findCataloguePlan(planId);
  if (!plan || !plan.listed || plan.interval === null) {
    throw new AppError(400, 'InvalidData', 'Choose one of the paid plans on the pricing page.');
  }
  if (plan.id === account.plan.plan) {
    throw new AppError(409, 'SamePlan', 'You are on this plan already.');
  }
  const answer = await asking(() => account.provider.changePlan(subscription, plan.id));
  return {
    plan: plan.id,
    amount: answer.amount,
    currency: answer.currency,
    takes_effect: answer.periodEnd?.toISOString() ?? null,
  };
}

/**
 * Before an account is deleted: every subscription of the user's at their provider ends at once
 * (nothing more is charged; the rest of a paid period is not refunded), and the plan is free.
 * When the provider cannot be reached the deletion stops (502) with nothing deleted.
 */
export async function endSubscriptionsNow(context: AccountContext, user: UserRow): Promise<void> {
  const plan = await findPlan(context.db, user.userUuid);
  if (!plan?.paymentProcessor) return;
  const provider = plan.paymentProcessor === 'PADDLE' ? 'Paddle' : 'Stripe';
  try {
    if (plan.paymentProcessor === 'STRIPE' && plan.providerCustomerId) {
      const stripe = stripeOf(context.config);
      if (!stripe) throw new Error('Stripe is not configured');
      // Every one of the customer's: the plan's, and one still waiting for its first payment.
      for (const each of await stripe.liveSubscriptions(plan.providerCustomerId)) {
        await stripe.cancelSubscriptionNow(each.id);
      }
    } else if (plan.paymentProcessor === 'PADDLE' && plan.providerSubscriptionId) {
      const paddle = paddleOf(context.config);
      if (!paddle) throw new Error('Paddle is not configured');
      await paddle.cancelSubscriptionNow(plan.providerSubscriptionId);
    }
  } catch (error) {
    context.log.warn({ err: error, userUuid: user.userUuid }, 'ending a subscription failed');
    throw new AppError(
      502,
      'ProviderUnavailable',
      `Your subscription could not be cancelled with ${provider} just now, so your account has not been deleted. Try again in a few minutes.`,
    );
  }
  await updatePlanRowLocked(context.db, user.userUuid, endedPlanPatch());
  context.log.info({ userUuid: user.userUuid, provider }, 'subscription ended for deletion');
}
