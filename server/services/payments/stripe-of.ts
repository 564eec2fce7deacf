import type { Config } from '../../config';
import { stripeGateway, type StripeGateway } from '../../repositories/payments/stripe-gateway';

const gateways = new WeakMap<Config['payments'], StripeGateway>();

/** The installation's Stripe gateway (one client per configuration), or null without Stripe. */
export function stripeOf(config: Pick<Config, 'payments'>): StripeGateway | null {
  const stripe = config.payments.stripe;
  if (!stripe) return null;
  let gateway = gateways.get(config.payments);
  if (!gateway) {
    gateway = stripeGateway(stripe);
    gateways.set(config.payments, gateway);
  }
  return gateway;
}
