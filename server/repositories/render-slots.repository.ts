import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { plans, renders } from '../db/schema';
import { ADVISORY_LOCK_NAMESPACES } from '../db/advisory-locks';
import type { RenderRow } from './renders.repository';

// The render slots of a user (render-slots.service.ts): a QUEUED render with admitted_at null
// waits for one; admitted and unfinished, it holds one.

/** The namespace of the per-user advisory locks that serialise admission. */
const RENDER_SLOTS_LOCK = ADVISORY_LOCK_NAMESPACES.renderSlots;

const waiting = and(eq(renders.status, 'QUEUED'), isNull(renders.admittedAt));
const holdingSlot = and(
  inArray(renders.status, ['QUEUED', 'RENDERING']),
  isNotNull(renders.admittedAt),
);
const oldestFirst = [asc(renders.createdAt), asc(renders.id)];

/**
 * Holds the user's admission lock until the transaction ends, so two admissions of one user (two
 * workers finishing at once, a create meanwhile) never count the same free slot twice.
 */
export async function lockUserSlots(tx: Db, userUuid: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${RENDER_SLOTS_LOCK}, hashtext(${userUuid}))`);
}

/** The plan's own number of slots, or null for the installation's default. */
export async function planRenderSlots(db: Db, userUuid: string): Promise<number | null> {
  const [row] = await db
    .select({ slots: plans.renderSlots })
    .from(plans)
    .where(eq(plans.userUuid, userUuid))
    .limit(1);
  return row?.slots ?? null;
}

/** Sets (or, with null, clears) the plan's own number of slots; answers whether the plan exists. */
export async function setPlanRenderSlots(
  db: Db,
  userUuid: string,
  slots: number | null,
): Promise<boolean> {
  const rows = await db
    .update(plans)
    .set({ renderSlots: slots })
    .where(eq(plans.userUuid, userUuid))
    .returning({ userUuid: plans.userUuid });
  return rows.length > 0;
}

/** The user's renders holding a slot now. */
export async function rendersHoldingSlot(db: Db, userUuid: string): Promise<RenderRow[]> {
  const rows = await db
    .select()
    .from(renders)
    .where(and(eq(renders.userUuid, userUuid), holdingSlot));
  return rows as RenderRow[];
}

/** The user's `limit` oldest waiting renders, first in line first. */
export async function oldestWaiting(db: Db, userUuid: string, limit: number): Promise<RenderRow[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select()
    .from(renders)
    .where(and(eq(renders.userUuid, userUuid), waiting))
    .orderBy(...oldestFirst)
    .limit(limit);
  return rows as RenderRow[];
}

/** Admits those of the renders still waiting; answers them, oldest first. */
export async function admitWaiting(db: Db, ids: readonly string[]): Promise<RenderRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(renders)
    .set({ admittedAt: sql`now()` })
    .where(and(inArray(renders.id, [...ids]), waiting))
    .returning();
  return (rows as RenderRow[]).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
}

/** Users who have a render waiting for a slot, at most `limit` of them. */
export async function usersWithWaitingRenders(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userUuid: renders.userUuid })
    .from(renders)
    .where(waiting)
    .limit(limit);
  return rows.map((row) => row.userUuid);
}

/** Admitted renders still QUEUED since before `before`: their job may never have been sent. */
export async function admittedQueuedSince(db: Db, before: Date): Promise<RenderRow[]> {
  const rows = await db
    .select()
    .from(renders)
    .where(
      and(
        eq(renders.status, 'QUEUED'),
        isNotNull(renders.admittedAt),
        lt(renders.admittedAt, before),
      ),
    )
    .orderBy(asc(renders.admittedAt))
    .limit(500);
  return rows as RenderRow[];
}

/** Renders holding a slot without news since before `before` (the watchdog looks at them). */
export async function quietHoldingSlot(db: Db, before: Date): Promise<RenderRow[]> {
  const rows = await db
    .select()
    .from(renders)
    .where(
      and(
        holdingSlot,
        sql`coalesce(${renders.progressUpdatedAt}, ${renders.admittedAt}) < ${before.toISOString()}`,
      ),
    )
    .limit(500);
  return rows as RenderRow[];
}

/** The ids of the user's waiting renders, first in line first. */
export async function waitingRenderIds(db: Db, userUuid: string): Promise<string[]> {
  const rows = await db
    .select({ id: renders.id })
    .from(renders)
    .where(and(eq(renders.userUuid, userUuid), waiting))
    .orderBy(...oldestFirst);
  return rows.map((row) => row.id);
}

/**
 * The ids of the user's renders not started yet, next first: those holding a slot (their jobs
 * sent, in the order they were admitted), then those waiting for one.
 */
export async function unstartedRenderIds(db: Db, userUuid: string): Promise<string[]> {
  const rows = await db
    .select({ id: renders.id })
    .from(renders)
    .where(and(eq(renders.userUuid, userUuid), eq(renders.status, 'QUEUED')))
    .orderBy(sql`${renders.admittedAt} asc nulls last`, ...oldestFirst);
  return rows.map((row) => row.id);
}
