import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { jobRegistry } from '../../server/boot/boot';
import type { AppContext } from '../../server/context';
import { plans, renders } from '../../server/db/schema';
import { runJobs } from '../../server/jobs/job-runner';
import { findAudio } from '../../server/repositories/audios.repository';
import { setPlanRenderSlots } from '../../server/repositories/render-slots.repository';
import { insertRender } from '../../server/repositories/renders.repository';
import { allowedByPlan } from '../../server/services/renders/plan-gate';
import { resolveConfiguration } from '../../server/services/renders/render-config';
import { admin, adminInProcess } from '../support/admin-cli';
import { backends, postgresBackend } from '../support/backends';
import { fixture } from '../support/fixtures';
import {
  SEPARATE_WORKERS_ENV,
  startApiAlone,
  startInProcessServer,
  type InProcessServer,
} from '../support/in-process-server';
import {
  createRender,
  renderIdOf,
  renderStatus,
  signUp,
  trackOf,
  waitForRender,
  type Account,
} from '../support/renders-client';
import { startProcess, type RunningProcess } from '../support/server-process';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

/** A still picture on the 8 s track: the quickest render there is. */
const STILL = { template: 'cover-on-blur', width: 1080, height: 1080 };
const SQUARE = { template: 'mirrored-bars', width: 1080, height: 1080, fps: 30 };
const SHORT_TRACK = 'audio/intro-8s-mono.mp3';
const LONG_TRACK = 'audio/intro-30s-tagged.mp3';
/** Seconds of LONG_TRACK a render outlasts a 1 s grace with, on a fast machine too. */
const GRACE_TEST_SECONDS = 15;

vi.setConfig({ testTimeout: 240_000 });

const rowsOf = (context: AppContext, ids: string[]) =>
  context.db.select().from(renders).where(inArray(renders.id, ids));

async function createStills(account: Account, audio: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  // One after the other: their order is the order they wait in.
  for (let i = 0; i < count; i++) {
    const answer = await createRender(account.api, 'single-frame', audio, STILL);
    expect(answer.status).toBe(201);
    ids.push(renderIdOf(answer.body));
  }
  return ids;
}

const wordsOf = async (account: Account, id: string) =>
  (await renderStatus(account.api, 'single-frame', id)).time_remaining_hr as string;

describe.each(backends)('fair render queues on $name', (backend) => {
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let server: InProcessServer;
  const extraRunners: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    prepared = await backend.prepare();
    server = await startInProcessServer({
      ...prepared.env,
      STARTING_VIZ_CREDITS: '20',
      RENDER_SLOTS_SWEEP_SECONDS: '1',
    });
  });
  afterAll(async () => {
    for (const runner of extraRunners) await runner.stop();
    await server?.stop();
    await prepared?.remove();
  });

  test('a user holds at most N slots, the rest wait in order and say their place; another user is served at once; plans override N; the sweep mends lost admissions', async () => {
    const { context } = server;
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const c = await signUp(server.url);
    const lost = await signUp(server.url);
    const [trackA, trackB, trackC, trackLost] = await Promise.all([
      trackOf(a.api, SHORT_TRACK),
      trackOf(b.api, SHORT_TRACK),
      trackOf(c.api, SHORT_TRACK),
      trackOf(lost.api, SHORT_TRACK),
    ]);
    // No job runs from here until the runners below start: what admission decided stays put.
    await context.queue.stopTaking();

    const ofA = await createStills(a, trackA, 5);
    const [firstB] = await createStills(b, trackB, 1);
    const admittedIds = async (ids: string[]) =>
      (await rowsOf(context, ids))
        .filter((row) => row.admittedAt !== null)
        .map((row) => row.id)
        .sort();
    expect(await admittedIds(ofA)).toEqual([ofA[0], ofA[1]].sort());
    expect(await admittedIds([firstB!])).toEqual([firstB]);
    // Jobs are sent for admitted renders only.
    for (const id of [ofA[0]!, ofA[1]!, firstB!])
      expect((await context.queue.getJob('render-video', id))?.state).toBe('created');
    for (const id of ofA.slice(2))
      expect(await context.queue.getJob('render-video', id)).toBeNull();
    expect(await wordsOf(a, ofA[0]!)).toBe('Waiting to start…');
    expect(await wordsOf(a, ofA[2]!)).toBe('Waiting for a free render slot (1st in your queue)');
    expect(await wordsOf(a, ofA[3]!)).toBe('Waiting for a free render slot (2nd in your queue)');
    expect(await wordsOf(a, ofA[4]!)).toBe('Waiting for a free render slot (3rd in your queue)');
    expect(await wordsOf(b, firstB!)).toBe('Waiting to start…');
    const tasks = await a.api.post('/api/music-videos/render-tasks-status', { tasks: ofA });
    expect(
      tasks.body.tasks.map((task: { time_remaining_hr: string }) => task.time_remaining_hr),
    ).toEqual([
      'Waiting to start…',
      'Waiting to start…',
      'Waiting for a free render slot (1st in your queue)',
      'Waiting for a free render slot (2nd in your queue)',
      'Waiting for a free render slot (3rd in your queue)',
    ]);

    // Deleting a waiting render gives its credit back and moves the line up; deleting an
    // admitted one passes its slot on to the first in line.
    const credits = async () => (await a.api.get('/api/payment/plan')).body.viz_credits as number;
    expect(await credits()).toBe(15);
    const removeStill = (id: string) =>
      a.api.call('DELETE', '/api/music-videos/delete-static-video', { upload_uuid: id });
    expect((await removeStill(ofA[3]!)).status).toBe(200);
    expect(await credits()).toBe(16);
    expect(await wordsOf(a, ofA[4]!)).toBe('Waiting for a free render slot (2nd in your queue)');
    expect((await removeStill(ofA[0]!)).status).toBe(200);
    expect(await credits()).toBe(17);
    expect(await admittedIds(ofA.slice(1))).toEqual([ofA[1], ofA[2]].sort());
    expect(await wordsOf(a, ofA[4]!)).toBe('Waiting for a free render slot (1st in your queue)');
    const remainingA = [ofA[1]!, ofA[2]!, ofA[4]!];

    // The plan's own number overrides RENDER_SLOTS_PER_USER, both ways.
    expect(await setPlanRenderSlots(context.db, c.userUuid, 3)).toBe(true);
    const ofC = await createStills(c, trackC, 4);
    expect(await admittedIds(ofC)).toEqual(ofC.slice(0, 3).sort());
    expect(await wordsOf(c, ofC[3]!)).toBe('Waiting for a free render slot (1st in your queue)');
    await setPlanRenderSlots(context.db, c.userUuid, 1);
    const [lastC] = await createStills(c, trackC, 1);
    expect(await wordsOf(c, lastC!)).toBe('Waiting for a free render slot (2nd in your queue)');
    ofC.push(lastC!);

    // What a crash leaves: a render stored but never admitted, one admitted whose job was never sent.
    const audio = (await findAudio(context.db, lost.userUuid, trackLost))!;
    const [settings] = await allowedByPlan(context.db, lost.userUuid, [
      resolveConfiguration('single-frame', STILL).settings,
    ]);
    const crashed = async (admittedAt: Date | null) => {
      const id = randomUUID();
      await insertRender(context.db, {
        id,
        userUuid: lost.userUuid,
        kind: 'single-frame',
        template: settings!.template,
        settings: settings!,
        audioUuid: audio.audioUuid,
        audioFileName: audio.fileName,
        durationSeconds: audio.durationSeconds!,
        status: 'QUEUED',
        framesTotal: 1,
        jobId: id,
        admittedAt,
      });
      return id;
    };
    const neverAdmitted = await crashed(null);
    const neverSent = await crashed(new Date(Date.now() - 10_000));
    expect(await context.queue.getJob('render-video', neverSent)).toBeNull();

    // Three workers now, more than one user's slots: watch the rows while they run.
    const allA = remainingA;
    let maxHeldByA = 0;
    let maxRenderingOfA = 0;
    let maxHeldByC = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const rows = await rowsOf(context, [...allA, ...ofC]);
        const held = (ids: string[]) =>
          rows.filter(
            (row) =>
              ids.includes(row.id) &&
              row.admittedAt !== null &&
              (row.status === 'QUEUED' || row.status === 'RENDERING'),
          ).length;
        maxHeldByA = Math.max(maxHeldByA, held(allA));
        maxHeldByC = Math.max(maxHeldByC, held(ofC));
        maxRenderingOfA = Math.max(
          maxRenderingOfA,
          rows.filter((row) => allA.includes(row.id) && row.status === 'RENDERING').length,
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    for (let i = 0; i < 3; i++) extraRunners.push(await runJobs(context, jobRegistry()));

    const finishB = await waitForRender(b.api, 'single-frame', firstB!);
    expect(finishB.last.render_status).toBe('VIDEO READY');
    const bDone = (await rowsOf(context, [firstB!]))[0]!.finishedAt!;
    for (const id of allA) {
      const { last } = await waitForRender(a.api, 'single-frame', id);
      expect(last.render_status).toBe('VIDEO READY');
    }
    for (const id of ofC) {
      const { last } = await waitForRender(c.api, 'single-frame', id);
      expect(last.render_status).toBe('VIDEO READY');
    }
    for (const id of [neverAdmitted, neverSent]) {
      const { last } = await waitForRender(lost.api, 'single-frame', id);
      expect(last.render_status).toBe('VIDEO READY');
    }
    watching = false;
    await watcher;

    expect(maxHeldByA).toBeLessThanOrEqual(2);
    expect(maxRenderingOfA).toBeLessThanOrEqual(2);
    expect(maxHeldByA).toBeGreaterThan(0);
    // C held 3 before its plan went down to 1; it never took more than that.
    expect(maxHeldByC).toBeLessThanOrEqual(3);
    // B queued after A yet did not wait for A's line: it was done before A's last render.
    const lastOfA = (await rowsOf(context, [ofA[4]!]))[0]!;
    expect(bDone.getTime()).toBeLessThan(lastOfA.finishedAt!.getTime());
    // Every render ran once, and every one charged once: 20 - 3 left for A.
    for (const row of await rowsOf(context, [...allA, ...ofC, firstB!]))
      expect(row.attempts).toBe(1);
    expect(await credits()).toBe(17);
  });
});

describe.runIf(postgresBackend)('a worker stopped with SIGTERM, on PostgreSQL', () => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let prepared: Awaited<ReturnType<NonNullable<typeof postgresBackend>['prepare']>>;
  let api: AppContext;
  let close: () => Promise<void>;
  let url = '';
  let env: Record<string, string>;
  const workers: RunningProcess[] = [];
  /** The first GRACE_TEST_SECONDS of LONG_TRACK (cut without re-encoding). */
  let midLengthTrack = '';
  const startWorker = (extra: Record<string, string>) => {
    const worker = startProcess('server/worker.ts', { ...env, ...extra });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    dataDir = await makeTempDir('render-slots-workers');
    prepared = await postgresBackend!.prepare();
    env = { DATA_DIR: dataDir.dir, ...SEPARATE_WORKERS_ENV, ...prepared.env };
    ({ context: api, url, close } = await startApiAlone({ ...env, DATA_DIR: dataDir.dir }));
    midLengthTrack = path.join(dataDir.dir, 'mid-length.mp3');
    await api.ffmpeg.run([
      '-i',
      fixture(LONG_TRACK),
      '-t',
      String(GRACE_TEST_SECONDS),
      '-c',
      'copy',
      midLengthTrack,
    ]);
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop('SIGKILL');
    await close?.();
    await prepared?.remove();
    await dataDir?.remove();
  });

  const row = async (id: string) =>
    (await api.db.select().from(renders).where(eq(renders.id, id)))[0]!;
  const completions = (id: string) =>
    workers
      .flatMap((worker) => worker.output().split('\n'))
      .filter((line) => line.includes('"msg":"render complete"') && line.includes(id)).length;

  test('within its grace it finishes the running render, then exits', async () => {
    const worker = startWorker({ WORKER_STOP_GRACE_SECONDS: '120' });
    const owner = await signUp(url);
    const audio = await trackOf(owner.api, SHORT_TRACK);
    const created = await createRender(owner.api, 'visualizer', audio, SQUARE);
    const id = renderIdOf(created.body);
    await waitFor(
      'the render to be under way',
      async () => ((await row(id)).status === 'RENDERING' ? true : undefined),
      90_000,
      50,
    );
    expect(await worker.stop('SIGTERM')).toBe(0);
    // It exited only once its render was done, by itself, in one attempt.
    const done = await row(id);
    expect(done.status).toBe('COMPLETE');
    expect(done.attempts).toBe(1);
    expect(completions(id)).toBe(1);
    expect((await api.queue.getJob('render-video', id))?.state).toBe('completed');
  });

  test('past its grace it hands the render back and exits; another worker renders it once', async () => {
    const worker = startWorker({ WORKER_STOP_GRACE_SECONDS: '1' });
    const owner = await signUp(url);
    // Long enough to be mid-render a second after SIGTERM, short enough to render twice quickly.
    const audio = await trackOf(owner.api, midLengthTrack);
    const created = await createRender(owner.api, 'visualizer', audio, SQUARE);
    const id = renderIdOf(created.body);
    await waitFor(
      'the render to be under way',
      async () => {
        const current = await row(id);
        return current.status === 'RENDERING' && current.percentComplete > 0 ? true : undefined;
      },
      90_000,
      50,
    );
    expect(await worker.stop('SIGTERM')).toBe(0);
    // It did not wait for the render: the render is unfinished and its job back in the queue.
    const handedBack = await row(id);
    expect(handedBack.status).toBe('RENDERING');
    expect(handedBack.percentComplete).toBeLessThan(100);
    expect((await api.queue.getJob('render-video', id))?.state).toBe('retry');
    expect(worker.output()).toContain('grace over, running jobs handed back');

    startWorker({ WORKER_STOP_GRACE_SECONDS: '1' });
    const done = await waitFor(
      'another worker to finish the render',
      async () => {
        const current = await row(id);
        return current.status === 'COMPLETE' || current.status === 'FAILED' ? current : undefined;
      },
      180_000,
      250,
    );
    expect(done.status).toBe('COMPLETE');
    expect(done.attempts).toBe(2);
    // The row is COMPLETE a moment before the worker's log line about it reaches the pipe.
    await waitFor('the render-complete log line', async () =>
      completions(id) > 0 ? true : undefined,
    );
    expect(completions(id)).toBe(1);
    await waitFor('the queue to mark the job completed', async () =>
      (await api.queue.getJob('render-video', id))?.state === 'completed' ? true : undefined,
    );
  });

  test("npm run admin -- render-slots sets and clears the plan's own number", async () => {
    const owner = await signUp(url);
    const slotsOf = async () =>
      (await api.db.select().from(plans).where(eq(plans.userUuid, owner.userUuid)))[0]!.renderSlots;
    expect(await adminInProcess(['render-slots', owner.email, '4'], env)).toEqual({
      code: 0,
      output: `${owner.email} may run 4 renders at once.`,
    });
    expect(await slotsOf()).toBe(4);
    // A refusal as the operator meets it, from a process of its own: its message, exit code 1.
    expect(await admin(['render-slots', owner.email, '0'], env)).toEqual({
      code: 1,
      output: 'The number of render slots is a whole number of 1 or more, or default.',
    });
    expect((await adminInProcess(['render-slots', 'nobody@example.com', '2'], env)).output).toBe(
      'No account uses nobody@example.com.',
    );
    expect(await slotsOf()).toBe(4);
    expect((await adminInProcess(['render-slots', owner.email, 'default'], env)).code).toBe(0);
    expect(await slotsOf()).toBeNull();
  });
});
