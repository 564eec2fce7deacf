import { findPlan as findCataloguePlan, isPremiumPlan } from '../../../core/plans/catalogue';
import { AppError } from '../../errors/app-error';
import { lockPlanForCharge, updatePlanRow } from '../../repositories/credit-ledger.repository';
import type { StripeGateway } from '../../repositories/payments/stripe-gateway';
import { findPlan, type PlanRow, type UserRow } from '../../repositories/users.repository';
import type { AccountContext } from '../accounts/account-context';
import { asking } from './stripe-errors';
import { stripeOf } from './stripe-of';
import { paymentsUnavailable } from './subscribe.service';

// The Payments calls of an existing card subscription (spec 7): invoices, the card, cancel at
// the period's end, reactivate before it, change plan, pay the outstanding invoice. Each asks
// Stripe; what Stripe answers is stored, and its webhooks confirm the rest (paid periods, past due).

export const noSubscription = () =>
  new AppError(404, 'NoSubscription', 'You have no paid subscription.');

interface Account {
  stripe: StripeGateway;
  plan: PlanRow;
  customerId: string | null;
}

async function accountOf(context: AccountContext, user: UserRow): Promise<Account> {
  const stripe = stripeOf(context.config);
  if (!stripe) throw paymentsUnavailable();
  const plan = await findPlan(context.db, user.userUuid);
  if (!plan) throw new Error(`user ${user.userUuid} has no plan`);
  const customerId = plan.paymentProcessor === 'STRIPE' ? plan.providerCustomerId : null;
  return { stripe, plan, customerId };
}

function subscriptionOf(account: Account): string {
  const id = account.plan.providerSubscriptionId;
  if (!id || !isPremiumPlan(account.plan.plan)) throw noSubscription();
  return id;
}

async function storePlanFields(
  context: AccountContext,
  userUuid: string,
  patch: Parameters<typeof updatePlanRow>[2],
) {
  await context.db.transaction(async (tx) => {
    await lockPlanForCharge(tx, userUuid);
    await updatePlanRow(tx, userUuid, patch);
  });
}

/** GET transaction-history: the user's invoices at Stripe, newest first. */
export async function transactionHistory(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  if (!account.customerId) return { transactions: [] };
  return { transactions: await asking(() => account.stripe.listInvoices(account.customerId!)) };
}

/** GET get-payment-method: the card invoices are charged to. */
export async function paymentMethod(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  if (!account.customerId) return { payment_method: null };
  return { payment_method: await asking(() => account.stripe.defaultCard(account.customerId!)) };
}

/** GET outstanding-invoice: the oldest unpaid invoice, or null. */
export async function outstandingInvoice(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  if (!account.customerId) return { invoice: null };
  const open = await asking(() => account.stripe.listInvoices(account.customerId!, true));
  return { invoice: open.at(-1) ?? null };
}

/** GET get-latest-invoice: the newest invoice, or null. */
export async function latestInvoice(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  if (!account.customerId) return { invoice: null };
  const invoices = await asking(() => account.stripe.listInvoices(account.customerId!));
  return { invoice: invoices[0] ?? null };
}

/** POST pay-outstanding-invoice {invoice_id}: one of the user's open invoices, with their card. */
export async function payOutstandingInvoice(
  context: AccountContext,
  user: UserRow,
  invoiceId: string,
) {
  const account = await accountOf(context, user);
  if (!account.customerId) throw noSubscription();
  const open = await asking(() => account.stripe.listInvoices(account.customerId!, true));
  if (!open.some((invoice) => invoice.id === invoiceId)) {
    throw new AppError(404, 'InvoiceNotFound', 'No such unpaid invoice.');
  }
  // The plan becomes active again when Stripe's invoice.paid event arrives.
  return { invoice: await asking(() => account.stripe.payInvoice(invoiceId)) };
}

/** POST update-payment-method {stripeToken, invoiceId?, resolveOutstanding?}. */
export async function updatePaymentMethod(
  context: AccountContext,
  user: UserRow,
  input: { stripeToken: string; invoiceId: string | null; resolveOutstanding: boolean },
) {
  const account = await accountOf(context, user);
  if (!account.customerId) throw noSubscription();
  const card = await asking(() =>
    account.stripe.attachCard(account.customerId!, input.stripeToken),
  );
  if (input.resolveOutstanding && input.invoiceId) {
    const { invoice } = await payOutstandingInvoice(context, user, input.invoiceId);
    return { payment_method: card, invoice };
  }
  return { payment_method: card, invoice: null };
}

/** DELETE cancel: the plan ends with the paid period; its credits stay until then and after. */
export async function cancelPlan(context: AccountContext, user: UserRow) {
  const account = await accountOf(context, user);
  const subscription = subscriptionOf(account);
  const answer = await asking(() => account.stripe.setCancelAtPeriodEnd(subscription, true));
  await storePlanFields(context, user.userUuid, {
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
  const answer = await asking(() => account.stripe.setCancelAtPeriodEnd(subscription, false));
  await storePlanFields(context, user.userUuid, {
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
  const product = context.config.payments.stripe!.productId;
  const answer = await asking(() =>
    account.stripe.changeSubscriptionPlan({
      subscriptionId: subscription,
      planId: plan.id,
      productId: product,
      prices: plan.prices,
      interval: plan.interval!,
    }),
  );
  return {
    plan: plan.id,
    amount: answer.amount,
    currency: answer.currency,
    takes_effect: answer.periodEnd?.toISOString() ?? null,
  };
}
