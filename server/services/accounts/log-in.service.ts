import { z } from 'zod';
import { normalizeEmail } from '../../../core/email-check';
import { findUserByEmail } from '../../repositories/users.repository';
import { type AccountContext, publicUser } from './account-context';
import { accountErrors } from '../../errors/account-errors';
import { enforceLimits, LIMITS } from './account-limits';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './passwords';
import { startSession } from './sessions.service';

export const logInBody = z.object({
  email: z.string(),
  password: z.string(),
  prevPath: z.string().max(2000).optional(),
  currPath: z.string().max(2000).optional(),
});

/**
 * Checks the password and starts a new session (a fresh id at every log-in). An account whose
 * address is not verified yet is sent to the verification step (pushRoute/nextRoute).
 */
export async function logIn(
  context: AccountContext,
  body: z.infer<typeof logInBody>,
  address: string,
) {
  const email = normalizeEmail(body.email);
  await enforceLimits(context.limiter, [
    [`log-in:email:${email}`, LIMITS.logInPerAccount],
    [`log-in:ip:${address}`, LIMITS.logInPerAddress],
  ]);
  const user = await findUserByEmail(context.db, email);
  // Without an account, still spend the time of a real check: timing must not reveal accounts.
  const valid = await verifyPassword(
    body.password,
    user?.passwordHash ?? (await DUMMY_PASSWORD_HASH),
  );
  if (!user || !valid) throw accountErrors.invalidCredentials();
  const session = await startSession(context, user.userUuid);
  return {
    session,
    answer: {
      user: publicUser(user),
      ...(user.emailVerified ? {} : { pushRoute: true, nextRoute: '/account/email-verification' }),
    },
  };
}
