import { checkEmail, normalizeEmail } from '../../../core/email-check';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../repositories/mailer';
import { RateLimiter } from '../../repositories/rate-limiter';
import { findUserByEmail, type UserRow } from '../../repositories/users.repository';
import { accountErrors } from '../../errors/account-errors';

export type AccountContext = Pick<
  AppContext,
  'db' | 'queue' | 'config' | 'storage' | 'uploads' | 'log'
> & {
  limiter: RateLimiter;
};

export function accountContext(context: AppContext): AccountContext {
  return { ...context, limiter: new RateLimiter(context.db) };
}

/** The user as the API returns it (spec section 3). */
export interface PublicUser {
  user_uuid: string;
  email: string;
  email_verified: boolean;
}

export const publicUser = (user: UserRow): PublicUser => ({
  user_uuid: user.userUuid,
  email: user.email,
  email_verified: user.emailVerified,
});

/** Mail goes through the queue: retried when the relay fails, never blocking the request. */
export async function queueMail(context: AccountContext, message: MailMessage): Promise<void> {
  await context.queue.send('send-mail', message);
}

export const linkTo = (context: AccountContext, path: string, token: string) =>
  `${context.config.appUrl}${path}?token=${encodeURIComponent(token)}`;

export function isRefusedDomain(context: AccountContext, email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return context.config.accounts.refusedEmailDomains.some(
    (refused) => domain === refused || domain.endsWith(`.${refused}`),
  );
}

/** Checks an address a user wants to sign in with; answers it normalised. */
export async function checkNewEmail(context: AccountContext, raw: unknown): Promise<string> {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw accountErrors.invalidData('Please provide a valid email address');
  const email = normalizeEmail(raw);
  if (checkEmail(email) !== null || email.length > 254) throw accountErrors.invalidEmail();
  if (isRefusedDomain(context, email)) throw accountErrors.emailDomainNotPermitted();
  if (await findUserByEmail(context.db, email)) throw accountErrors.emailInUse();
  return email;
}
