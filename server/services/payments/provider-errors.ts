import { ApiError as PaddleApiError } from '@paddle/paddle-node-sdk';
import Stripe from 'stripe';
import { AppError } from '../../errors/app-error';

/**
 * Runs a call to a payment provider; its refusals in its own words: 402 for a card, 400 for a
 * request the provider refused. Anything else (the provider unreachable) stays a 500.
 */
export async function asking<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new AppError(402, 'PaymentFailed', error.message);
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      throw new AppError(400, 'InvalidData', error.message);
    }
    if (error instanceof PaddleApiError && error.type === 'request_error') {
      throw new AppError(400, 'InvalidData', error.detail ?? error.message);
    }
    throw error;
  }
}
