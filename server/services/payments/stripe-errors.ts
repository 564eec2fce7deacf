import Stripe from 'stripe';
import { AppError } from '../../errors/app-error';

/** Runs a call to Stripe; its refusals in its own words: 402 for a card, 400 for a request. */
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
    throw error;
  }
}
