import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema';
import { randomToken, sha256 } from '../secrets';
import type { UserRow } from './users.repository';

/** Starts a session; the returned id goes into the cookie and is never stored as is. */
export async function createSession(
  db: Db,
  userUuid: string,
  days: number,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken();
  const expiresAt = new Date(Date.now() + days * 24 * 3600 * 1000);
  await db.insert(sessions).values({ idHash: sha256(id), userUuid, expiresAt });
  return { id, expiresAt };
}

/**
 * The user of a live session, in one query (a join): every signed-in call starts here, and on
 * the embedded database each round trip costs the event loop about a millisecond.
 */
export async function findSessionUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.userUuid, sessions.userUuid))
    .where(and(eq(sessions.idHash, sha256(id)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.user ?? null;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, sha256(id)));
}

export async function deleteUserSessions(db: Db, userUuid: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userUuid, userUuid));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
