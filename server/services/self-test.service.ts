import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';
import { selfTestArgs } from '../repositories/ffmpeg/media-args';
import type { JobRun } from '../repositories/queue/job-spec';
import {
  completeSelfTestRun,
  failSelfTestRun,
  selfTestOutputKey,
  startSelfTestRun,
} from '../repositories/self-test-runs.repository';

export interface SelfTestSpec {
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
}

/**
 * Encodes a test pattern with noise in the render output format and stores it: proves the
 * queue, ffmpeg, temp space and storage work together on this deployment (`npm run selftest`).
 */
export async function runSelfTest(
  { db, ffmpeg, storage, config }: Pick<AppContext, 'db' | 'ffmpeg' | 'storage' | 'config'>,
  spec: SelfTestSpec,
  run: JobRun,
): Promise<void> {
  await startSelfTestRun(db, run.id, run.attempt);
  // One temp file per attempt: a retry never reads what a dead attempt half wrote.
  const tmpFile = path.join(config.tmpDir, `self-test-${run.id}-${run.attempt}.mp4`);
  try {
    await ffmpeg.run(selfTestArgs(spec, tmpFile), { signal: run.signal });
    const key = selfTestOutputKey(run.id);
    const stored = await storage.put(key, createReadStream(tmpFile));
    await completeSelfTestRun(db, run.id, { key, bytes: stored.size });
  } catch (error) {
    await failSelfTestRun(db, run.id, (error as Error).message);
    throw error;
  } finally {
    await rm(tmpFile, { force: true });
  }
}
