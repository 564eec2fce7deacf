import { redeemLink } from './link-tokens';
import { isUniqueViolation } from '../../db/errors';
import { issueToken } from '../../repositories/email-tokens.repository';
import { updateUser, type UserRow } from '../../repositories/users.repository';
import {
  type AccountContext,
  checkNewEmail,
  linkTo,
  publicUser,
  queueMail,
} from './account-context';
import { accountErrors } from '../../errors/account-errors';
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
  const { token, user } = await redeemLink(context, link, 'change_email');
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
