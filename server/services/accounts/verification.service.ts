import { redeemLink } from './link-tokens';
import {
  consumeToken,
  countFailedAttempt,
  issueToken,
  latestToken,
} from '../../repositories/email-tokens.repository';
import { updateUser, type UserRow } from '../../repositories/users.repository';
import { sha256, safeEqual } from '../../secrets';
import {
  type AccountContext,
  checkNewEmail,
  linkTo,
  publicUser,
  queueMail,
} from './account-context';
import { accountErrors } from '../../errors/account-errors';
import {
  enforceLimits,
  LIMITS,
  MAX_CODE_ATTEMPTS,
  RESEND_COOLDOWN_SECONDS,
  VERIFICATION_TTL_SECONDS,
} from './account-limits';
import { verificationMail } from './account-mails';
import { tooManyRequests } from '../../errors/app-error';
import { isUniqueViolation } from '../../db/errors';

/** Mails a fresh 6-digit code and link; earlier ones stop working. */
export async function sendVerification(context: AccountContext, user: UserRow): Promise<void> {
  const issued = await issueToken(context.db, {
    userUuid: user.userUuid,
    purpose: 'verify_email',
    email: user.email,
    ttlSeconds: VERIFICATION_TTL_SECONDS,
    withCode: true,
  });
  await queueMail(
    context,
    verificationMail(
      user.email,
      issued.code!,
      linkTo(context, '/account/email-verification', issued.link),
    ),
  );
}

async function markVerified(
  context: AccountContext,
  user: UserRow,
  tokenId: string,
): Promise<UserRow> {
  if (!(await consumeToken(context.db, tokenId))) throw accountErrors.codeInvalid();
  return updateUser(context.db, user.userUuid, { emailVerified: true });
}

/** POST verify-email-code: the code of the latest mail, at most 5 wrong tries. */
export async function verifyCode(
  context: AccountContext,
  user: UserRow,
  code: unknown,
  address: string,
) {
  await enforceLimits(context.limiter, [
    [`verify-code:user:${user.userUuid}`, LIMITS.verifyCodePerAccount],
    [`verify-code:ip:${address}`, LIMITS.verifyCodePerAddress],
  ]);
  if (user.emailVerified) return { user: publicUser(user) };
  const token = await latestToken(context.db, user.userUuid, 'verify_email');
  if (typeof code !== 'string' || !/^\d{6}$/.test(code) || !token?.codeHash)
    throw accountErrors.codeInvalid();
  if (token.usedAt || token.failedAttempts >= MAX_CODE_ATTEMPTS || token.expiresAt < new Date())
    throw accountErrors.codeExpired();
  if (!safeEqual(sha256(code), token.codeHash)) {
    const failed = await countFailedAttempt(context.db, token.id);
    throw failed >= MAX_CODE_ATTEMPTS ? accountErrors.codeExpired() : accountErrors.codeInvalid();
  }
  return { user: publicUser(await markVerified(context, user, token.id)) };
}

/** POST verify-email {token}: the mailed link; works signed out, on any device. */
export async function verifyLink(context: AccountContext, link: unknown) {
  const { token, user } = await redeemLink(context, link, 'verify_email');
  // A link mailed to an address the account no longer uses verifies nothing.
  if (user.email !== token.email) throw accountErrors.codeInvalid();
  return { user: publicUser(await updateUser(context.db, user.userUuid, { emailVerified: true })) };
}

/** POST resend-email-verification: refused within 60 s of the last verification mail. */
export async function resendVerification(
  context: AccountContext,
  user: UserRow,
  address: string,
): Promise<void> {
  if (user.emailVerified) throw accountErrors.alreadyVerified();
  await enforceCooldown(context, user);
  await enforceLimits(context.limiter, [
    [`resend:user:${user.userUuid}`, LIMITS.resendPerAccount],
    [`resend:ip:${address}`, LIMITS.resendPerAddress],
  ]);
  await sendVerification(context, user);
}

async function enforceCooldown(context: AccountContext, user: UserRow): Promise<void> {
  const last = await latestToken(context.db, user.userUuid, 'verify_email');
  if (!last) return;
  const elapsed = (Date.now() - last.createdAt.getTime()) / 1000;
  if (elapsed < RESEND_COOLDOWN_SECONDS)
    throw tooManyRequests(Math.ceil(RESEND_COOLDOWN_SECONDS - elapsed));
}

/**
 * POST change-sign-in-email: a not-yet-verified user fixes a mistyped address; the new one
 * gets a new code at once (the e-mail change counts as a sent mail for the cooldown).
 */
export async function changeSignInEmail(
  context: AccountContext,
  user: UserRow,
  newEmail: unknown,
  address: string,
) {
  await enforceLimits(context.limiter, [
    [`change-email:user:${user.userUuid}`, LIMITS.changeEmailPerAccount],
    [`change-email:ip:${address}`, LIMITS.changeEmailPerAddress],
  ]);
  if (user.emailVerified) throw accountErrors.alreadyVerified();
  const email = await checkNewEmail(context, newEmail);
  const updated = await updateUser(context.db, user.userUuid, { email }).catch((error: unknown) => {
    // Two requests racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw accountErrors.emailInUse();
    throw error;
  });
  await sendVerification(context, updated);
  return { user: publicUser(updated) };
}
