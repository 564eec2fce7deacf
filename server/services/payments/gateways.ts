import type { Config } from '../../config';
import { paddleGateway, type PaddleGateway } from '../../repositories/payments/paddle-gateway';
import { stripeGateway, type StripeGateway } from '../../repositories/payments/stripe-gateway';

// The installation's payment providers: one client each per configuration, or null for a
// provider it does not use.

const stripes = new WeakMap<Config['payments'], StripeGateway>();
const paddles = new WeakMap<Config['payments'], PaddleGateway>();

/** The card payment provider (Stripe), or null without it. */
export function stripeOf(config: Pick<Config, 'payments'>): StripeGateway | null {
  const stripe = config.payments.stripe;
  if (!stripe) return null;
  let gateway = stripes.get(config.payments);
  if (!gateway) {
    gateway = stripeGateway(stripe);
    stripes.set(config.payments, gateway);
  }
  return gateway;
}

/** The overlay checkout provider (Paddle), or null without it. */
export function paddleOf(config: Pick<Config, 'payments'>): PaddleGateway | null {
  const paddle = config.payments.paddle;
  if (!paddle) return null;
  let gateway = paddles.get(config.payments);
  if (!gateway) {
    gateway = paddleGateway(paddle);
    paddles.set(config.payments, gateway);
  }
  return gateway;
}
