import { and, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/database';
import { creditLedger, plans, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];
}

export async function findUserById(db: Db, userUuid: string): Promise<UserRow | undefined> {
  return (await db.select().from(users).where(eq(users.userUuid, userUuid)).limit(1))[0];
}

export interface NewUser {
  email: string;
  passwordHash: string;
  ingressAttribution: unknown;
  startingVizCredits: number;
  startingCanvasCredits: number;
  startingCanvasCreditsFree: number;
}

/** Creates the user with a free_tier plan and the starting credits, all or nothing. */
export async function createUser(db: Db, input: NewUser): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash: input.passwordHash,
        ingressAttribution: input.ingressAttribution ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) return null;
    await tx.insert(plans).values({
      userUuid: user.userUuid,
      unlimitedViz: input.startingVizCredits === -1,
      unlimitedCanvas: input.startingCanvasCredits === -1,
      canvasCreditsFree: input.startingCanvasCreditsFree,
    });
    const grants = [
      { creditType: 'viz' as const, delta: input.startingVizCredits },
      { creditType: 'canvas' as const, delta: input.startingCanvasCredits },
    ].filter((grant) => grant.delta > 0);
    if (grants.length > 0) {
      await tx.insert(creditLedger).values(
        grants.map((grant) => ({
          ...grant,
          userUuid: user.userUuid,
          reason: 'sign-up',
          ref: user.userUuid,
        })),
      );
    }
    return user;
  });
}

export async function updateUser(
  db: Db,
  userUuid: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.userUuid, userUuid))
    .returning();
  if (!user) throw new Error(`user ${userUuid} vanished`);
  return user;
}

export async function deleteUser(db: Db, userUuid: string): Promise<void> {
  await db.delete(users).where(eq(users.userUuid, userUuid));
}

export async function findPlan(db: Db, userUuid: string): Promise<PlanRow | undefined> {
  return (await db.select().from(plans).where(eq(plans.userUuid, userUuid)).limit(1))[0];
}

/** The balance of one kind of credit: the sum of its ledger entries. */
export async function creditBalance(
  db: Db,
  userUuid: string,
  creditType: 'viz' | 'canvas',
): Promise<number> {
  const [row] = await db
    .select({ total: sum(creditLedger.delta) })
    .from(creditLedger)
    .where(and(eq(creditLedger.userUuid, userUuid), eq(creditLedger.creditType, creditType)));
  return Number(row?.total ?? 0);
}
