import { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { updateUser, type UserRow } from '../../repositories/users.repository';
import type { AccountContext } from './account-context';
import { accountErrors } from '../../errors/account-errors';

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'A username has 3 to 30 characters.')
  .max(30, 'A username has 3 to 30 characters.')
  .regex(/^[A-Za-z0-9_.-]+$/, 'A username uses letters, digits, dots, dashes and underscores.');

export const fullNameSchema = z.string().trim().max(100, 'A name has at most 100 characters.');

export const profile = (user: UserRow) => ({
  user_uuid: user.userUuid,
  email: user.email,
  email_verified: user.emailVerified,
  username: user.username,
  full_name: user.fullName,
  email_prefs: user.emailPrefs,
});

/** Stores username (unique, compared case-insensitively) and optionally the full name. */
export async function updateNames(
  context: AccountContext,
  user: UserRow,
  username: string,
  fullName?: string,
) {
  try {
    const updated = await updateUser(context.db, user.userUuid, {
      username: username.toLowerCase(),
      ...(fullName !== undefined ? { fullName } : {}),
    });
    return profile(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw accountErrors.usernameTaken();
    throw error;
  }
}

export const emailPrefsSchema = z.object({ productNews: z.boolean(), renderFinished: z.boolean() });

export async function updateEmailPrefs(
  context: AccountContext,
  user: UserRow,
  prefs: z.infer<typeof emailPrefsSchema>,
) {
  return profile(await updateUser(context.db, user.userUuid, { emailPrefs: prefs }));
}
