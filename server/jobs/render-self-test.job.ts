import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { selfTestRuns } from '../db/schema';
import { VIDEO_OUTPUT_ARGS } from '../repositories/ffmpeg/video-encoding';
import { defineJob } from './job-definition';

export const selfTestData = z.object({
  durationSeconds: z.number().min(1).max(600),
  width: z.number().int().min(16).max(3840).multipleOf(2),
  height: z.number().int().min(16).max(2160).multipleOf(2),
  fps: z.number().int().min(1).max(60),
});

export const selfTestOutputKey = (jobId: string) => `self-tests/${jobId}.mp4`;

/**
 * Encodes a test pattern with noise in the render output format and stores it: proves the
 * queue, ffmpeg, temp space and storage work together on this deployment (`npm run selftest`).
 */
export const renderSelfTestJob = defineJob({
  name: 'render-self-test',
  data: selfTestData,
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  expireInSeconds: 600,
  async handle(spec, run, { db, ffmpeg, storage, config }) {
    await db
      .insert(selfTestRuns)
      .values({ jobId: run.id, status: 'RUNNING', attempts: run.attempt })
      .onConflictDoUpdate({
        target: selfTestRuns.jobId,
        set: { status: 'RUNNING', attempts: run.attempt, error: null, finishedAt: null },
      });
    // One temp file per attempt: a retry never reads what a dead attempt half wrote.
    const tmpFile = path.join(config.tmpDir, `self-test-${run.id}-${run.attempt}.mp4`);
    try {
      const size = `${spec.width}x${spec.height}`;
      await ffmpeg.run(
        [
          ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${spec.fps}`],
          // Pink noise keeps the audio encoder busy at its full bitrate, unlike a pure tone.
          ...['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.2:sample_rate=48000'],
          ...['-t', String(spec.durationSeconds), '-ac', '2'],
          ...VIDEO_OUTPUT_ARGS,
          tmpFile,
        ],
        { signal: run.signal },
      );
      const key = selfTestOutputKey(run.id);
      const stored = await storage.put(key, createReadStream(tmpFile));
      await db
        .update(selfTestRuns)
        .set({
          status: 'COMPLETE',
          outputKey: key,
          outputBytes: stored.size,
          finishedAt: new Date(),
        })
        .where(eq(selfTestRuns.jobId, run.id));
    } catch (error) {
      await db
        .update(selfTestRuns)
        .set({ status: 'FAILED', error: (error as Error).message, finishedAt: new Date() })
        .where(eq(selfTestRuns.jobId, run.id));
      throw error;
    } finally {
      await rm(tmpFile, { force: true });
    }
  },
});
