import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { PlanAllowed } from '../../core/plans/catalogue';
import type { SceneSettings } from '../../core/render/scene';
import type { Db } from '../db/database';
import { renders } from '../db/schema';

export type RenderRow = Omit<typeof renders.$inferSelect, 'settings'> & { settings: SceneSettings };
/** A render to store: its settings only as the plan gate passed them (plan-gate.ts). */
export type NewRender = Omit<typeof renders.$inferInsert, 'settings'> & {
  settings: PlanAllowed<SceneSettings>;
};
export type RenderStatus = RenderRow['status'];

/** A render that has not ended yet: it may still be charged back when it stops. */
export const UNFINISHED: readonly RenderStatus[] = ['QUEUED', 'RENDERING'];

export const renderKeys = (userUuid: string, renderId: string) => {
  const folder = `users/${userUuid}/renders/${renderId}/`;
  return { folder, video: `${folder}video.mp4`, thumbnail: `${folder}thumbnail.jpg` };
};

const asRender = (row: typeof renders.$inferSelect): RenderRow => row as RenderRow;

export async function insertRender(db: Db, render: NewRender): Promise<RenderRow> {
  const [row] = await db.insert(renders).values(render).returning();
  return asRender(row!);
}

export async function findRenderById(db: Db, id: string): Promise<RenderRow | undefined> {
  const [row] = await db.select().from(renders).where(eq(renders.id, id)).limit(1);
  return row && asRender(row);
}

/** The user's render of that kind, or undefined (another user's id looks like no id at all). */
export async function findUserRender(
  db: Db,
  userUuid: string,
  kind: string,
  id: string,
): Promise<RenderRow | undefined> {
  const [row] = await db
    .select()
    .from(renders)
    .where(and(eq(renders.id, id), eq(renders.userUuid, userUuid), eq(renders.kind, kind)))
    .limit(1);
  return row && asRender(row);
}

/** The user's finished or unfinished render of any kind (drafts left out), or undefined. */
export async function findUserRenderOfAnyKind(
  db: Db,
  userUuid: string,
  id: string,
): Promise<RenderRow | undefined> {
  const [row] = await db
    .select()
    .from(renders)
    .where(and(eq(renders.id, id), eq(renders.userUuid, userUuid), ne(renders.status, 'DRAFT')))
    .limit(1);
  return row && asRender(row);
}

export async function listUserRenders(
  db: Db,
  userUuid: string,
  kind: string,
): Promise<RenderRow[]> {
  const rows = await db
    .select()
    .from(renders)
    .where(and(eq(renders.userUuid, userUuid), eq(renders.kind, kind), ne(renders.status, 'DRAFT')))
    .orderBy(desc(renders.createdAt), desc(renders.id));
  return rows.map(asRender);
}

export async function userRendersByIds(
  db: Db,
  userUuid: string,
  kind: string,
  ids: string[],
): Promise<RenderRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(renders)
    .where(
      and(
        eq(renders.userUuid, userUuid),
        eq(renders.kind, kind),
        inArray(renders.id, ids),
        ne(renders.status, 'DRAFT'),
      ),
    );
  return rows.map(asRender);
}

/** The settings of the user's latest renders of a kind, newest first. */
export async function recentSettings(
  db: Db,
  userUuid: string,
  kind: string,
  limit: number,
): Promise<SceneSettings[]> {
  const rows = await db
    .select({ settings: renders.settings })
    .from(renders)
    .where(and(eq(renders.userUuid, userUuid), eq(renders.kind, kind)))
    .orderBy(desc(renders.createdAt), desc(renders.id))
    .limit(limit);
  return rows.map((row) => row.settings as SceneSettings);
}

/**
 * Changes a render only while it is in one of the given states; answers the changed row, or
 * undefined when it was deleted or had moved on (the caller then leaves it alone).
 */
export async function updateRenderIf(
  db: Db,
  id: string,
  from: readonly RenderStatus[],
  changes: Partial<NewRender>,
): Promise<RenderRow | undefined> {
  const [row] = await db
    .update(renders)
    .set(changes)
    .where(and(eq(renders.id, id), inArray(renders.status, [...from])))
    .returning();
  return row && asRender(row);
}

/**
 * Starts an attempt: RENDERING with its progress reset, the attempt counted and the worker
 * running it named (so that the sweep can hand the render on if that worker is lost).
 */
export async function startRenderAttempt(
  db: Db,
  id: string,
  workerId: string | null = null,
): Promise<RenderRow | undefined> {
  const [row] = await db
    .update(renders)
    .set({
      status: 'RENDERING',
      workerId,
      attempts: sql`${renders.attempts} + 1`,
      framesDone: 0,
      percentComplete: 0,
      etaSeconds: null,
      progressUpdatedAt: sql`now()`,
      startedAt: sql`now()`,
      error: null,
    })
    .where(and(eq(renders.id, id), inArray(renders.status, [...UNFINISHED])))
    .returning();
  return row && asRender(row);
}

/**
 * Where the attempt `attempt` of a render stands: 'current' while it is the render's running
 * attempt, 'superseded' once a newer attempt took over (its worker was taken for lost), 'ended'
 * once the render was deleted or ended elsewhere.
 */
export async function renderAttemptState(
  db: Db,
  id: string,
  attempt: number,
): Promise<'current' | 'superseded' | 'ended'> {
  const [row] = await db
    .select({ status: renders.status, attempts: renders.attempts })
    .from(renders)
    .where(eq(renders.id, id))
    .limit(1);
  if (row?.status !== 'RENDERING') return 'ended';
  return row.attempts === attempt ? 'current' : 'superseded';
}

/** As updateRenderIf from RENDERING, only while `attempt` is the render's running attempt. */
export async function updateRenderAttempt(
  db: Db,
  id: string,
  attempt: number,
  changes: Partial<NewRender>,
): Promise<RenderRow | undefined> {
  const [row] = await db
    .update(renders)
    .set(changes)
    .where(and(eq(renders.id, id), eq(renders.status, 'RENDERING'), eq(renders.attempts, attempt)))
    .returning();
  return row && asRender(row);
}

/** Deletes the user's render; answers the row as it was at that moment. */
export async function deleteUserRender(
  db: Db,
  userUuid: string,
  kind: string,
  id: string,
): Promise<RenderRow | undefined> {
  const [row] = await db
    .delete(renders)
    .where(and(eq(renders.id, id), eq(renders.userUuid, userUuid), eq(renders.kind, kind)))
    .returning();
  return row && asRender(row);
}

/** Removes the user's drafts created before `before` (never finalized: nothing to refund). */
export async function deleteStaleDrafts(db: Db, userUuid: string, before: Date): Promise<number> {
  const rows = await db
    .delete(renders)
    .where(
      and(
        eq(renders.userUuid, userUuid),
        eq(renders.status, 'DRAFT'),
        lt(renders.createdAt, before),
      ),
    )
    .returning({ id: renders.id });
  return rows.length;
}

/** Deletes the user's render only while it is a DRAFT; answers whether it did. */
export async function deleteDraft(db: Db, userUuid: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(renders)
    .where(and(eq(renders.id, id), eq(renders.userUuid, userUuid), eq(renders.status, 'DRAFT')))
    .returning({ id: renders.id });
  return rows.length > 0;
}
