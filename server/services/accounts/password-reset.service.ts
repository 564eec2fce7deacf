import { redeemLink } from './link-tokens';
import { z } from 'zod';
import { normalizeEmail } from '../../../core/email-check';
import { issueToken } from '../../repositories/email-tokens.repository';
import { deleteUserSessions } from '../../repositories/sessions.repository';
import { findUserByEmail, updateUser, type UserRow } from '../../repositories/users.repository';
import { type AccountContext, linkTo, queueMail } from './account-context';
import { accountErrors } from '../../errors/account-errors';
import { enforceLimits, LIMITS, RESET_TTL_SECONDS } from './account-limits';
import { passwordResetMail } from './account-mails';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

async function mailResetLink(context: AccountContext, user: UserRow): Promise<void> {
  const issued = await issueToken(context.db, {
    userUuid: user.userUuid,
    purpose: 'reset_password',
    email: user.email,
    ttlSeconds: RESET_TTL_SECONDS,
    withCode: false,
  });
  await queueMail(
    context,
    passwordResetMail(user.email, linkTo(context, '/account/reset-password', issued.link)),
  );
}

/** POST forgot-password: the same answer whether or not the address has an account. */
export async function forgotPassword(
  context: AccountContext,
  rawEmail: unknown,
  address: string,
): Promise<void> {
  const email = typeof rawEmail === 'string' ? normalizeEmail(rawEmail) : '';
  await enforceLimits(context.limiter, [
    [`forgot:email:${email}`, LIMITS.forgotPasswordPerAccount],
    [`forgot:ip:${address}`, LIMITS.forgotPasswordPerAddress],
  ]);
  const user = email ? await findUserByEmail(context.db, email) : undefined;
  if (user) await mailResetLink(context, user);
}

/** POST init-change-password: a signed-in user changes their password through the same link. */
export async function initChangePassword(context: AccountContext, user: UserRow): Promise<void> {
  await enforceLimits(context.limiter, [
    [`forgot:email:${user.email}`, LIMITS.forgotPasswordPerAccount],
  ]);
  await mailResetLink(context, user);
}

export const resetPasswordBody = z.object({
  token: z.string(),
  passwordOne: z.string(),
  passwordTwo: z.string(),
});

/** POST reset-password: sets the password once per link and ends every session of the account. */
export async function resetPassword(
  context: AccountContext,
  body: z.infer<typeof resetPasswordBody>,
  address: string,
): Promise<void> {
  await enforceLimits(context.limiter, [[`reset:ip:${address}`, LIMITS.resetPasswordPerAddress]]);
  if (body.passwordOne.length < MIN_PASSWORD_LENGTH)
    throw accountErrors.badPassword('Min 5 characters');
  if (body.passwordOne !== body.passwordTwo) throw accountErrors.badPassword('Password Must Match');
  const { token, user } = await redeemLink(context, body.token, 'reset_password');
  // The link reached this address, which proves the address as much as a code does.
  await updateUser(context.db, user.userUuid, {
    passwordHash: await hashPassword(body.passwordOne),
    ...(user.email === token.email ? { emailVerified: true } : {}),
  });
  await deleteUserSessions(context.db, user.userUuid);
  context.log.info({ userUuid: user.userUuid }, 'password reset');
}
