import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { emailTokens } from '../db/schema';
import { randomToken, sha256, sixDigitCode } from '../secrets';

export type TokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export interface IssuedToken {
  code: string | null;
  link: string;
  row: EmailTokenRow;
}

/**
 * Issues a new code (when withCode) and link for one purpose, retiring earlier unused ones of
 * that purpose: only the latest mail works.
 */
export async function issueToken(
  db: Db,
  input: {
    userUuid: string;
    purpose: TokenPurpose;
    email: string;
    ttlSeconds: number;
    withCode: boolean;
  },
): Promise<IssuedToken> {
  const code = input.withCode ? sixDigitCode() : null;
  const link = randomToken();
  const row = await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.userUuid, input.userUuid),
          eq(emailTokens.purpose, input.purpose),
          isNull(emailTokens.usedAt),
        ),
      );
    const [inserted] = await tx
      .insert(emailTokens)
      .values({
        userUuid: input.userUuid,
        purpose: input.purpose,
        email: input.email,
        codeHash: code ? sha256(code) : null,
        linkHash: sha256(link),
        expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
      })
      .returning();
    return inserted!;
  });
  return { code, link, row };
}

/** The newest token of a purpose for a user, used or not. */
export async function latestToken(
  db: Db,
  userUuid: string,
  purpose: TokenPurpose,
): Promise<EmailTokenRow | undefined> {
  return (
    await db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userUuid, userUuid), eq(emailTokens.purpose, purpose)))
      .orderBy(desc(emailTokens.createdAt))
      .limit(1)
  )[0];
}

export async function findTokenByLink(db: Db, link: string): Promise<EmailTokenRow | undefined> {
  return (
    await db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.linkHash, sha256(link)))
      .limit(1)
  )[0];
}

/** Marks a token used; false when another request used it first. */
export async function consumeToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

export async function countFailedAttempt(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(emailTokens)
    .set({ failedAttempts: sql`${emailTokens.failedAttempts} + 1` })
    .where(eq(emailTokens.id, id))
    .returning({ failedAttempts: emailTokens.failedAttempts });
  return row?.failedAttempts ?? 0;
}
