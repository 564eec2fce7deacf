/**
 * A failure the caller can act on. `exc` is the name the web app switches on (spec section 8);
 * `message` is safe to show. Anything that is not an AppError answers 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly exc: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new AppError(404, 'NotFound', message);
export const invalidData = (message: string) => new AppError(400, 'InvalidData', message);
