/**
 * A failure the caller can act on. `exc` is the name the web app switches on (spec section 8);
 * `message` is safe to show. Anything that is not an AppError answers 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly exc: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 429 with Retry-After; the message is the one the app shows for it (spec section 8). */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'TooManyRequests', 'Wait a few seconds then try again', {
    'retry-after': String(Math.max(1, retryAfterSeconds)),
  });

export const notFound = (message: string) => new AppError(404, 'NotFound', message);
export const invalidData = (message: string) => new AppError(400, 'InvalidData', message);
