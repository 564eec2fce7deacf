import { tooManyRequests } from '../../errors/app-error';
import type { Limit, RateLimiter } from '../../repositories/rate-limiter';

/** Every rate limit of the account flows, per account (e-mail or user) and per address (IP). */
export const LIMITS = {
  logInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  logInPerAddress: { max: 50, windowSeconds: 15 * 60 },
  signUpPerAccount: { max: 5, windowSeconds: 3600 },
  signUpPerAddress: { max: 20, windowSeconds: 3600 },
  verifyCodePerAccount: { max: 10, windowSeconds: 10 * 60 },
  verifyCodePerAddress: { max: 30, windowSeconds: 10 * 60 },
  resendPerAccount: { max: 10, windowSeconds: 3600 },
  resendPerAddress: { max: 30, windowSeconds: 3600 },
  changeEmailPerAccount: { max: 10, windowSeconds: 3600 },
  changeEmailPerAddress: { max: 30, windowSeconds: 3600 },
  forgotPasswordPerAccount: { max: 5, windowSeconds: 3600 },
  forgotPasswordPerAddress: { max: 20, windowSeconds: 3600 },
  resetPasswordPerAddress: { max: 20, windowSeconds: 3600 },
  deletionPerAccount: { max: 10, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** Verification mails: one per 60 s (spec section 9), checked on the server too. */
export const RESEND_COOLDOWN_SECONDS = 60;
/** Codes and verification links work for 24 hours and allow 5 wrong tries. */
export const VERIFICATION_TTL_SECONDS = 24 * 3600;
export const MAX_CODE_ATTEMPTS = 5;
export const RESET_TTL_SECONDS = 3600;
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 3600;
export const DELETION_TTL_SECONDS = 3600;

/** Counts one attempt under each key and refuses with 429 when any is over its limit. */
export async function enforceLimits(
  limiter: RateLimiter,
  checks: Array<[key: string, limit: Limit]>,
): Promise<void> {
  for (const [key, limit] of checks) {
    const result = await limiter.hit(key, limit);
    if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
  }
}
