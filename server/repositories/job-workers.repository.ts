import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobWorkers, renders } from '../db/schema';
import type { RenderRow } from './renders.repository';

// The job workers alive now (jobs/job-runner.ts), each beating every WORKER_HEARTBEAT_SECONDS.
// Times are the database's (now()), so workers on machines whose clocks differ agree.

/** `seconds` before the database's now. */
const secondsAgo = (seconds: number) =>
  sql`now() - ${seconds}::double precision * interval '1 second'`;

/** Says the worker is alive: adds it (its first beat, or after it was taken for lost) or renews it. */
export async function beat(
  db: Db,
  worker: { id: string; host: string; pid: number },
): Promise<void> {
  await db
    .insert(jobWorkers)
    .values(worker)
    .onConflictDoUpdate({ target: jobWorkers.id, set: { seenAt: sql`now()` } });
}

/** A worker's clean exit: it holds nothing any more. */
export async function removeWorker(db: Db, id: string): Promise<void> {
  await db.delete(jobWorkers).where(eq(jobWorkers.id, id));
}

/** How many workers were heard from within the last `lostAfterSeconds`. */
export async function countLiveWorkers(db: Db, lostAfterSeconds: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobWorkers)
    .where(sql`${jobWorkers.seenAt} > ${secondsAgo(lostAfterSeconds)}`);
  return Number(row?.n ?? 0);
}

/**
 * RENDERING renders whose attempt's worker is silent for `lostAfterSeconds` or gone from the
 * list (a worker taken for lost is removed from it).
 */
export async function rendersOfLostWorkers(db: Db, lostAfterSeconds: number): Promise<RenderRow[]> {
  const rows = await db
    .select()
    .from(renders)
    .where(
      and(
        eq(renders.status, 'RENDERING'),
        isNotNull(renders.workerId),
        sql`NOT EXISTS (SELECT 1 FROM ${jobWorkers} WHERE ${jobWorkers.id} = ${renders.workerId} AND ${jobWorkers.seenAt} > ${secondsAgo(lostAfterSeconds)})`,
      ),
    )
    .limit(500);
  return rows as RenderRow[];
}

/**
 * Takes a render from its lost worker; answers false when it is no longer that worker's (a
 * newer attempt started, or another sweep took it first).
 */
export async function releaseFromWorker(
  db: Db,
  renderId: string,
  workerId: string,
): Promise<boolean> {
  const rows = await db
    .update(renders)
    .set({ workerId: null })
    .where(
      and(
        eq(renders.id, renderId),
        eq(renders.workerId, workerId),
        eq(renders.status, 'RENDERING'),
      ),
    )
    .returning({ id: renders.id });
  return rows.length > 0;
}

/** Forgets workers silent for `lostAfterSeconds` (after their renders were handed over). */
export async function forgetLostWorkers(db: Db, lostAfterSeconds: number): Promise<string[]> {
  const rows = await db
    .delete(jobWorkers)
    .where(sql`${jobWorkers.seenAt} <= ${secondsAgo(lostAfterSeconds)}`)
    .returning({ id: jobWorkers.id });
  return rows.map((row) => row.id);
}
