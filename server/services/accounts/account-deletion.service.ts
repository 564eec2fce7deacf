import {
  consumeToken,
  countFailedAttempt,
  issueToken,
  latestToken,
} from '../../repositories/email-tokens.repository';
import { deleteUser, type UserRow } from '../../repositories/users.repository';
import { type AccountContext, queueMail } from './account-context';
import { accountErrors } from '../../errors/account-errors';
import { DELETION_TTL_SECONDS, enforceLimits, LIMITS, MAX_CODE_ATTEMPTS } from './account-limits';
import { accountDeletionMail } from './account-mails';
import { safeEqual, sha256 } from '../../secrets';
import { removeUploads, userUploadIds } from '../media/abandoned-uploads.service';
import { endSubscriptionsNow } from '../payments/billing.service';
import { revokeAllGrants } from '../publishing/channels.service';

/** POST request-account-deletion: mails a code that confirms the deletion. */
export async function requestAccountDeletion(context: AccountContext, user: UserRow) {
  await enforceLimits(context.limiter, [
    [`deletion:user:${user.userUuid}`, LIMITS.deletionPerAccount],
  ]);
  const issued = await issueToken(context.db, {
    userUuid: user.userUuid,
    purpose: 'delete_account',
    email: user.email,
    ttlSeconds: DELETION_TTL_SECONDS,
    withCode: true,
  });
  await queueMail(context, accountDeletionMail(user.email, issued.code!));
  return { pending: true, expires_at: issued.row.expiresAt.toISOString() };
}

/** GET check-account-deletion-status: whether a deletion code is waiting, and until when. */
export async function accountDeletionStatus(context: AccountContext, user: UserRow) {
  const token = await latestToken(context.db, user.userUuid, 'delete_account');
  const pending = Boolean(
    token &&
    !token.usedAt &&
    token.expiresAt > new Date() &&
    token.failedAttempts < MAX_CODE_ATTEMPTS,
  );
  return { pending, expires_at: pending ? token!.expiresAt.toISOString() : null };
}

/**
 * DELETE confirm-account-deletion {deletion_code}: ends the user's paid subscription at its
 * provider at once and revokes every linked Google grant, then removes the user with every record
 * (the database cascades from users), every stored file under users/<uuid>/ and every upload in
 * progress (kept apart from storage, with the file's name). When a provider cannot be reached
 * nothing is deleted and the code still works, to try again.
 */
export async function confirmAccountDeletion(
  context: AccountContext,
  user: UserRow,
  code: unknown,
): Promise<void> {
  await enforceLimits(context.limiter, [
    [`deletion:user:${user.userUuid}`, LIMITS.deletionPerAccount],
  ]);
  const token = await latestToken(context.db, user.userUuid, 'delete_account');
  if (typeof code !== 'string' || !token?.codeHash) throw accountErrors.codeInvalid();
  if (token.usedAt || token.expiresAt < new Date() || token.failedAttempts >= MAX_CODE_ATTEMPTS)
    throw accountErrors.codeExpired();
  if (!safeEqual(sha256(code.trim()), token.codeHash)) {
    await countFailedAttempt(context.db, token.id);
    throw accountErrors.codeInvalid();
  }
  await endSubscriptionsNow(context, user);
  await revokeAllGrants(context, user);
  if (!(await consumeToken(context.db, token.id))) throw accountErrors.codeExpired();
  // Read before the rows go with the user; what a failure here leaves, the daily sweep removes.
  const uploads = await userUploadIds(context, user.userUuid);
  await deleteUser(context.db, user.userUuid);
  await removeUploads(context, uploads);
  await context.storage.deletePrefix(`users/${user.userUuid}/`);
  context.log.info({ userUuid: user.userUuid }, 'account deleted');
}
