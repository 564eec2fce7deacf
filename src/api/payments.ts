// Plans and promotions (spec 7: Payments and Promos). The prices themselves come from the plan
// catalogue in core (core/plans/catalogue.ts), the same one the server charges from.
import type { PlanId } from '../../core/plans/catalogue';
import type { Currency } from '../../core/locale';
import { api } from './client';

/** GET /api/payment/config: each provider's browser key, or null where it is not used. */
export interface PaymentConfig {
  card: { provider: 'stripe'; publishable_key: string; live: boolean } | null;
  overlay: {
    provider: 'paddle';
    client_token: string;
    environment: 'sandbox' | 'production';
    /** The Paddle price id of each plan sold through the overlay. */
    price_ids: Record<string, string>;
  } | null;
}

export interface ActivePromo {
  key: string;
  title: string;
  applies_to: PlanId[];
  plan: PlanId;
  prices: Record<Currency, number>;
  interval: 'month' | 'year' | null;
  starts_at: string;
  ends_at: string;
}

export interface ActivePromos {
  active_promos: ActivePromo[];
  active_promos_map: Record<string, ActivePromo>;
}

export function fetchPaymentConfig(): Promise<PaymentConfig> {
  return api.get<PaymentConfig>('/api/payment/config');
}

export function fetchActivePromos(): Promise<ActivePromos> {
  return api.get<ActivePromos>('/api/promos/get-active-promos');
}

/** A card as the provider describes it (never its number). */
export interface CardSummary {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface InvoiceSummary {
  id: string;
  number: string | null;
  status: string | null;
  amount_due: number;
  amount_paid: number;
  currency: string;
  created: string;
  hosted_invoice_url: string | null;
}

export interface SubscribeAnswer {
  subscription_status: string;
  /**
   * The first payment's client secret: Stripe.js confirms it on the page (with the card's
   * 3-D Secure challenge where its bank asks for one). The plan starts once it is paid.
   */
  client_secret: string | null;
  plan: PlanId;
  amount: number;
  currency: Currency;
  card: CardSummary;
}

export interface PeriodAnswer {
  cancel_at_period_end: boolean;
  period_end: string | null;
}

export interface PlanChangeAnswer {
  plan: PlanId;
  amount: number;
  currency: string;
  /** When the new plan and its price start: the end of the period already paid. */
  takes_effect: string | null;
}

export function subscribe(input: {
  stripeToken: string;
  plan: string;
  promoKey: string | null;
}): Promise<SubscribeAnswer> {
  return api.post<SubscribeAnswer>('/api/payment/subscribe', input);
}

/** Accepts the operator's invitation to a plan by paying for it by card. */
export function activateInvitePlan(input: {
  stripeToken: string;
  plan: string;
}): Promise<SubscribeAnswer> {
  return api.post<SubscribeAnswer>('/api/payment/activate-invite-plan', input);
}

/** The first payment could not be completed on the page: its waiting subscription is ended. */
export function abandonSubscription(): Promise<{ abandoned: boolean }> {
  return api.post('/api/payment/abandon-subscription');
}

export function fetchTransactionHistory(): Promise<{ transactions: InvoiceSummary[] }> {
  return api.get('/api/payment/transaction-history');
}

export function fetchPaymentMethod(): Promise<{ payment_method: CardSummary | null }> {
  return api.get('/api/payment/get-payment-method');
}

export function fetchOutstandingInvoice(): Promise<{ invoice: InvoiceSummary | null }> {
  return api.get('/api/payment/outstanding-invoice');
}

export function updatePaymentMethod(input: {
  stripeToken: string;
  invoiceId?: string;
  resolveOutstanding?: boolean;
}): Promise<{
  payment_method: CardSummary;
  invoice: InvoiceSummary | null;
  /** Set when the card's bank asks the cardholder to authenticate the invoice's payment. */
  client_secret: string | null;
}> {
  return api.post('/api/payment/update-payment-method', input);
}

/**
 * Pays an open invoice: by card, the server charges the card on file (or, when the card's bank
 * asks for 3-D Secure, answers the payment's `client_secret` for Stripe.js); by overlay, it
 * answers the transaction to open in the overlay (`checkout`).
 */
export function payOutstandingInvoice(invoiceId: string): Promise<{
  invoice: InvoiceSummary;
  checkout: { transaction_id: string } | null;
  client_secret: string | null;
}> {
  return api.post('/api/payment/pay-outstanding-invoice', { invoice_id: invoiceId });
}

export function cancelPlan(): Promise<PeriodAnswer> {
  return api.delete<PeriodAnswer>('/api/payment/cancel');
}

export function reactivatePlan(): Promise<PeriodAnswer> {
  return api.post<PeriodAnswer>('/api/payment/reactivate-plan');
}

export function changePlan(plan: PlanId): Promise<PlanChangeAnswer> {
  return api.post<PlanChangeAnswer>('/api/payment/update', { plan });
}

/** POST paddle-checkout: the transaction the overlay opens for a plan (and a promo code). */
export function startOverlayCheckout(input: {
  plan: string;
  promoKey: string | null;
}): Promise<{ transaction_id: string; plan: PlanId }> {
  return api.post('/api/payment/paddle-checkout', input);
}
