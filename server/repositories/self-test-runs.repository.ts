import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { selfTestRuns } from '../db/schema';

/** Where a self-test stores its video. */
export const selfTestOutputKey = (jobId: string) => `self-tests/${jobId}.mp4`;

/** Marks the run RUNNING for this attempt (a retry starts the row over). */
export async function startSelfTestRun(db: Db, jobId: string, attempt: number): Promise<void> {
  await db
    .insert(selfTestRuns)
    .values({ jobId, status: 'RUNNING', attempts: attempt })
    .onConflictDoUpdate({
      target: selfTestRuns.jobId,
      set: { status: 'RUNNING', attempts: attempt, error: null, finishedAt: null },
    });
}

export async function completeSelfTestRun(
  db: Db,
  jobId: string,
  output: { key: string; bytes: number },
): Promise<void> {
  await db
    .update(selfTestRuns)
    .set({
      status: 'COMPLETE',
      outputKey: output.key,
      outputBytes: output.bytes,
      finishedAt: new Date(),
    })
    .where(eq(selfTestRuns.jobId, jobId));
}

export async function failSelfTestRun(db: Db, jobId: string, error: string): Promise<void> {
  await db
    .update(selfTestRuns)
    .set({ status: 'FAILED', error, finishedAt: new Date() })
    .where(eq(selfTestRuns.jobId, jobId));
}
