// Stripe.js (spec 7: "a card payment provider's script is loaded after page load with a public
// key"), loaded by @stripe/stripe-js's `pure` entry only when a screen needs it, and the one thing
// every card screen does with a payment Stripe waits for on the page: complete it, through the
// 3-D Secure challenge where the card's bank asks for one (Stripe's incomplete-payment flow).
import type { Stripe } from '@stripe/stripe-js';

export const CARD_FORM_FAILED =
  'The card form could not load. Check your connection, then reload the page.';

/** Said after Stripe's own reason when a payment did not go through. */
export const NOTHING_CHARGED = 'Nothing was charged.';

/** Stripe.js with this installation's publishable key (live mode with a live key). */
export async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  // The loader itself is fetched with the screen that needs it, not with the app.
  const { loadStripe } = await import('@stripe/stripe-js/pure/index.mjs');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error(CARD_FORM_FAILED);
  return stripe;
}

/**
 * Completes a payment: the first payment of a new subscription is confirmed with the card just
 * typed (`paymentMethodId`); one the server already tried (a renewal, an outstanding invoice) only
 * needs the cardholder's challenge. Stripe.js shows the challenge when the bank asks for one.
 * Throws an Error in Stripe's words when it does not go through.
 */
export async function completePayment(
  stripe: Stripe,
  clientSecret: string,
  paymentMethodId?: string,
): Promise<void> {
  const result = paymentMethodId
    ? await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId })
    : await stripe.handleNextAction({ clientSecret });
  if (result.error) {
    throw new Error(
      `${result.error.message ?? 'The payment did not go through.'} ${NOTHING_CHARGED}`,
    );
  }
  const status = result.paymentIntent?.status;
  if (status !== 'succeeded' && status !== 'processing') {
    throw new Error(`The payment was not completed. ${NOTHING_CHARGED}`);
  }
}
