import {
  createSession,
  deleteSession,
  findSessionUser,
} from '../../repositories/sessions.repository';
import type { UserRow } from '../../repositories/users.repository';
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
  return findSessionUser(context.db, sessionId);
}

export async function endSession(
  context: AccountContext,
  sessionId: string | undefined,
): Promise<void> {
  if (sessionId) await deleteSession(context.db, sessionId);
}
