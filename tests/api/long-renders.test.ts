import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { jobRegistry } from '../../server/boot/boot';
import { renders } from '../../server/db/schema';
import { runJobs } from '../../server/jobs/job-runner';
import { countLiveWorkers } from '../../server/repositories/job-workers.repository';
import { backends } from '../support/backends';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { createRender, renderIdOf, signUp, trackOf } from '../support/renders-client';
import { waitFor } from '../support/wait-for';

/** A still picture on the 8 s track: a short render (4 s of worst honest time). */
const STILL = { template: 'cover-on-blur', width: 1080, height: 1080 };
/** 30 s of 1:1 visualizer at 30 fps: 51 s of worst honest time, long here (see below). */
const SQUARE = { template: 'mirrored-bars', width: 1080, height: 1080, fps: 30 };
const SHORT_TRACK = 'audio/intro-8s-mono.mp3';
const LONG_TRACK = 'audio/intro-30s-tagged.mp3';
/** The in-process server's queue poll (in-process-server.ts). */
const POLL_MS = 500;

vi.setConfig({ testTimeout: 240_000 });

describe.each(backends)('long renders on two workers, on $name', (backend) => {
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let server: InProcessServer;
  let secondWorker: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    prepared = await backend.prepare();
    server = await startInProcessServer({
      ...prepared.env,
      STARTING_VIZ_CREDITS: '20',
      // Long from 20 s of worst honest time: the visualizer of the 30 s track is long, a still is not.
      RENDER_LONG_SECONDS: '20',
      RENDER_SLOTS_SWEEP_SECONDS: '1',
    });
    // Two workers, as two `npm run worker` processes would be: the server's own and this one.
    secondWorker = await runJobs(server.context, jobRegistry());
  });
  afterAll(async () => {
    await secondWorker?.stop();
    await server?.stop();
    await prepared?.remove();
  });

  test("one user's two long renders leave a worker free: another user's short render starts within a poll and takes its own time", async () => {
    const { context } = server;
    const rowsOf = (ids: string[]) =>
      context.db.select().from(renders).where(inArray(renders.id, ids));
    const rowOf = async (id: string) => (await rowsOf([id]))[0]!;
    expect(await countLiveWorkers(context.db, context.config.worker.lostAfterSeconds)).toBe(2);
    const busy = await signUp(server.url);
    const other = await signUp(server.url);
    const [longTrack, shortTrack] = await Promise.all([
      trackOf(busy.api, LONG_TRACK),
      trackOf(other.api, SHORT_TRACK),
    ]);
    const finished = (id: string, timeoutMs: number) =>
      waitFor(
        `render ${id} to end`,
        async () => {
          const row = await rowOf(id);
          return row.status === 'COMPLETE' || row.status === 'FAILED' ? row : undefined;
        },
        timeoutMs,
        100,
      );
    const still = async () => {
      const answer = await createRender(other.api, 'single-frame', shortTrack, STILL);
      expect(answer.status).toBe(201);
      return renderIdOf(answer.body);
    };

    // The short render alone, on an idle fleet: its own render time.
    const alone = await finished(await still(), 60_000);
    expect(alone.status).toBe('COMPLETE');
    const ownMs = alone.finishedAt!.getTime() - alone.startedAt!.getTime();

    // One user queues two long renders (two slots is the default), as two 3-hour tracks would be.
    const longIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await createRender(busy.api, 'visualizer', longTrack, SQUARE);
      expect(answer.status).toBe(201);
      longIds.push(renderIdOf(answer.body));
    }
    // Both are as far as they will get: the first renders, the second renders too (on the other
    // worker) or waits for a slot.
    await waitFor(
      "the busy user's renders to take what they may",
      async () => {
        const [first, second] = await Promise.all(longIds.map(rowOf));
        const under = first!.status === 'RENDERING' && first!.percentComplete > 0;
        const settled = second!.status === 'RENDERING' || second!.admittedAt === null;
        return under && settled ? true : undefined;
      },
      90_000,
      50,
    );

    const id = await still();
    const mine = await finished(id, 120_000);
    const [first, second] = await rowsOf(longIds).then((rows) =>
      longIds.map((longId) => rows.find((row) => row.id === longId)!),
    );
    expect(mine.status).toBe('COMPLETE');
    // It started within a poll of the free worker (and the time to ask the queue and start)...
    const waitedMs = mine.startedAt!.getTime() - mine.createdAt.getTime();
    expect(waitedMs).toBeLessThan(POLL_MS + 2000);
    // ...before either long render ended, and took about its own time beside the long one.
    expect(mine.finishedAt!.getTime()).toBeLessThan(
      Math.min(...[first!, second!].map((row) => row.finishedAt?.getTime() ?? Infinity)),
    );
    expect(mine.finishedAt!.getTime() - mine.startedAt!.getTime()).toBeLessThan(
      Math.max(3 * ownMs, ownMs + 5000),
    );
    // The busy user's second long render waited for a slot meanwhile, and says so.
    expect(second!.status).toBe('QUEUED');
    expect(second!.admittedAt).toBeNull();
    const words = (
      await busy.api.post('/api/visualizers/render-status', { upload_uuid: longIds[1] })
    ).body.time_remaining_hr as string;
    expect(words).toBe('Waiting for a free render slot (1st in your queue)');

    // Once the first is gone, the second takes its slot.
    const removed = await busy.api.call('DELETE', '/api/visualizers/delete-visualizer', {
      upload_uuid: longIds[0],
    });
    expect(removed.status).toBe(200);
    await waitFor(
      'the second long render to start',
      async () => ((await rowOf(longIds[1]!)).status === 'RENDERING' ? true : undefined),
      30_000,
      100,
    );
    await busy.api.call('DELETE', '/api/visualizers/delete-visualizer', {
      upload_uuid: longIds[1],
    });
  });
});
