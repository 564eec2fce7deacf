import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AppContext } from '../../server/context';
import { creditLedger, jobWorkers, renders } from '../../server/db/schema';
import { postgresBackend } from '../support/backends';
import { SEPARATE_WORKERS_ENV, startApiAlone } from '../support/in-process-server';
import { readOutbox } from '../support/outbox';
import { createRender, mailSubject, renderIdOf, signUp, trackOf } from '../support/renders-client';
import { startProcess, type RunningProcess } from '../support/server-process';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const SHORT_TRACK = 'audio/intro-8s-mono.mp3';
/** Small and quick: 1:1 at 30 fps. */
const SQUARE = { template: 'mirrored-bars', width: 1080, height: 1080, fps: 30 };
/** What the issue asks: a lost worker's render is running elsewhere within a minute. */
const HANDOVER_LIMIT_MS = 60_000;

vi.setConfig({ testTimeout: 300_000 });

describe.runIf(postgresBackend)('a worker killed outright (SIGKILL), on PostgreSQL', () => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let prepared: Awaited<ReturnType<NonNullable<typeof postgresBackend>['prepare']>>;
  let api: AppContext;
  let close: () => Promise<void>;
  let url = '';
  let env: Record<string, string>;
  const workers: RunningProcess[] = [];

  beforeAll(async () => {
    dataDir = await makeTempDir('lost-worker');
    prepared = await postgresBackend!.prepare();
    env = {
      DATA_DIR: dataDir.dir,
      ...SEPARATE_WORKERS_ENV,
      ...prepared.env,
      // Short beats and sweeps so the test need not wait the defaults' half minute: the render's
      // job keeps its own expiry (ten minutes and more), which is what the handover beats.
      WORKER_HEARTBEAT_SECONDS: '1',
      WORKER_LOST_AFTER_SECONDS: '4',
      RENDER_SLOTS_SWEEP_SECONDS: '1',
    };
    // This process is the API alone (WORKER=off): the workers are `npm run worker` processes.
    ({ context: api, url, close } = await startApiAlone({ ...env, DATA_DIR: dataDir.dir }));
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop('SIGKILL');
    await close?.();
    await prepared?.remove();
    await dataDir?.remove();
  });

  const row = async (id: string) =>
    (await api.db.select().from(renders).where(eq(renders.id, id)))[0]!;

  test('its render is handed to the other worker within a minute, charged once, with one mail', async () => {
    for (let i = 0; i < 2; i++) workers.push(startProcess('server/worker.ts', env));
    await waitFor(
      'both workers to beat',
      async () => ((await api.db.select().from(jobWorkers)).length === 2 ? true : undefined),
      90_000,
      100,
    );
    const owner = await signUp(url);
    const credits = async () =>
      (await owner.api.get('/api/payment/plan')).body.viz_credits as number;
    const audio = await trackOf(owner.api, SHORT_TRACK);
    const before = await credits();
    const created = await createRender(owner.api, 'visualizer', audio, SQUARE);
    expect(created.status).toBe(201);
    const id = renderIdOf(created.body);
    const underWay = await waitFor(
      'the render to be under way',
      async () => {
        const current = await row(id);
        return current.status === 'RENDERING' && current.percentComplete >= 10 && current.workerId
          ? current
          : undefined;
      },
      90_000,
      50,
    );
    // The process whose worker runs it (its log names its worker id) dies outright.
    const holder = workers.find((worker) => worker.output().includes(underWay.workerId!))!;
    const survivor = workers.find((worker) => worker !== holder)!;
    expect(holder).toBeDefined();
    holder.child.kill('SIGKILL');
    await holder.exited;
    const killedAt = Date.now();
    const killed = await row(id);
    expect(killed.status).toBe('RENDERING');
    expect(killed.percentComplete).toBeLessThan(100);
    expect((await api.queue.getJob('render-video', id))?.state).toBe('active');

    // The other worker runs it again within a minute: not at the job's expiry.
    const takenOver = await waitFor(
      'the other worker to take the render over',
      async () => {
        const current = await row(id);
        return current.attempts >= 2 && current.workerId !== underWay.workerId
          ? current
          : undefined;
      },
      HANDOVER_LIMIT_MS,
      100,
    );
    expect(takenOver.startedAt!.getTime() - killedAt).toBeLessThan(HANDOVER_LIMIT_MS);
    expect(survivor.output()).toContain(takenOver.workerId!);
    const done = await waitFor(
      'the render to end',
      async () => {
        const current = await row(id);
        return current.status === 'COMPLETE' || current.status === 'FAILED' ? current : undefined;
      },
      180_000,
      250,
    );
    expect({ status: done.status, attempts: done.attempts, error: done.error }).toEqual({
      status: 'COMPLETE',
      attempts: 2,
      error: null,
    });
    await waitFor('the queue to mark the job completed', async () =>
      (await api.queue.getJob('render-video', id))?.state === 'completed' ? true : undefined,
    );

    // Charged once: one entry in the ledger, no refund, one credit less.
    const ledger = await api.db
      .select({ delta: creditLedger.delta, reason: creditLedger.reason })
      .from(creditLedger)
      .where(and(eq(creditLedger.userUuid, owner.userUuid), eq(creditLedger.ref, id)));
    expect(ledger).toEqual([{ delta: -1, reason: 'render' }]);
    expect(await credits()).toBe(before - 1);
    // One "render complete", in the log and in the mail.
    const completions = survivor
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"render complete"') && line.includes(id));
    expect(completions).toHaveLength(1);
    const renderMails = async () =>
      (await readOutbox(dataDir.dir, owner.email))
        .map((mail) => mailSubject(mail.raw))
        .filter((subject) => /^Your .* (ready|could not)/.test(subject));
    await waitFor('the render mail', async () =>
      (await renderMails()).length > 0 ? true : undefined,
    );
    // A second one would have been queued with the first: a few more sweeps, still one.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await renderMails()).toHaveLength(1);
    // The lost worker is forgotten; the survivor is still counted.
    expect((await api.db.select().from(jobWorkers)).map((worker) => worker.id)).toEqual([
      takenOver.workerId,
    ]);
  });
});
