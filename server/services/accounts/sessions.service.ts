import {
  createSession,
  deleteSession,
  findSessionUser,
} from '../../repositories/sessions.repository';
import { findUserById, type UserRow } from '../../repositories/users.repository';
import type { AccountContext } from './account-context';

export async function startSession(context: AccountContext, userUuid: string) {
  return createSession(context.db, userUuid, context.config.accounts.sessionDays);
}

/** The signed-in user of a session id, or null for none, expired or a deleted user. */
export async function userOfSession(
  context: Pick<AccountContext, 'db'>,
  sessionId: string | undefined,
): Promise<UserRow | null> {
  if (!sessionId) return null;
  const userUuid = await findSessionUser(context.db, sessionId);
  return userUuid ? ((await findUserById(context.db, userUuid)) ?? null) : null;
}

export async function endSession(
  context: AccountContext,
  sessionId: string | undefined,
): Promise<void> {
  if (sessionId) await deleteSession(context.db, sessionId);
}
