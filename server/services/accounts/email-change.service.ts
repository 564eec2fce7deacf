import { isUniqueViolation } from '../../db/errors';
import {
  consumeToken,
  findTokenByLink,
  issueToken,
} from '../../repositories/email-tokens.repository';
import { findUserById, updateUser, type UserRow } from '../../repositories/users.repository';
import {
  type AccountContext,
  checkNewEmail,
  linkTo,
  publicUser,
  queueMail,
} from './account-context';
import { accountErrors } from './account-errors';
import { EMAIL_CHANGE_TTL_SECONDS, enforceLimits, LIMITS } from './account-limits';
import { emailChangeMail } from './account-mails';

/** POST initiate-primary-email-change: mails the new address; nothing changes until confirmed. */
export async function initiateEmailChange(
  context: AccountContext,
  user: UserRow,
  newEmail: unknown,
  address: string,
) {
  await enforceLimits(context.limiter, [
    [`change-email:user:${user.userUuid}`, LIMITS.changeEmailPerAccount],
    [`change-email:ip:${address}`, LIMITS.changeEmailPerAddress],
  ]);
  const email = await checkNewEmail(context, newEmail);
  const issued = await issueToken(context.db, {
    userUuid: user.userUuid,
    purpose: 'change_email',
    email,
    ttlSeconds: EMAIL_CHANGE_TTL_SECONDS,
    withCode: false,
  });
  await queueMail(
    context,
    emailChangeMail(email, linkTo(context, '/account/email-change', issued.link)),
  );
  return { email };
}

/** POST confirm-email-change {token}: the link from the new address's mail. */
export async function confirmEmailChange(context: AccountContext, link: unknown) {
  const token =
    typeof link === 'string' && link ? await findTokenByLink(context.db, link) : undefined;
  if (!token || token.purpose !== 'change_email') throw accountErrors.codeInvalid();
  if (token.usedAt || token.expiresAt < new Date()) throw accountErrors.codeExpired();
  const user = await findUserById(context.db, token.userUuid);
  if (!user) throw accountErrors.codeInvalid();
  if (!(await consumeToken(context.db, token.id))) throw accountErrors.codeExpired();
  try {
    const updated = await updateUser(context.db, user.userUuid, {
      email: token.email,
      emailVerified: true,
    });
    return { user: publicUser(updated) };
  } catch (error) {
    if (isUniqueViolation(error)) throw accountErrors.emailInUse();
    throw error;
  }
}
