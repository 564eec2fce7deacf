import type { Config } from '../../config';

/**
 * GET /api/payment/config: what the browser needs to load each provider's script (Stripe.js with
 * the publishable key; Paddle.js with the client token), or null for a provider this installation
 * does not use. Secret keys never leave the server.
 */
export function paymentConfigOf(payments: Config['payments']) {
  return {
    card: payments.stripe
      ? {
          provider: 'stripe' as const,
          publishable_key: payments.stripe.publishableKey,
          live: payments.stripe.publishableKey.startsWith('pk_live_'),
        }
      : null,
    overlay: payments.paddle
      ? {
          provider: 'paddle' as const,
          client_token: payments.paddle.clientToken,
          environment: payments.paddle.environment,
          price_ids: payments.paddle.priceIds,
        }
      : null,
  };
}
