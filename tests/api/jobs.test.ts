import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../server/config';
import { createContext } from '../../server/boot/boot';
import type { AppContext } from '../../server/context';
import { openDatabase, type Database } from '../../server/db/database';
import { selfTestRuns } from '../../server/db/schema';
import { defineJob, type JobDefinition } from '../../server/jobs/job-definition';
import { buildJobRegistry } from '../../server/jobs/job-registry';
import { selfTestOutputKey } from '../../server/repositories/self-test-runs.repository';
import type { JobName } from '../../server/repositories/queue/job-names';
import { JobQueue } from '../../server/repositories/queue/job-queue';
import { backends, postgresBackend } from '../support/backends';
import { startProcess } from '../support/server-process';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const silent = pino({ level: 'silent' });

describe.each(backends)('the job queue on $name', (backend) => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let database: Database;
  let queue: JobQueue<JobDefinition>;
  const attempts = new Map<string, number>();

  // Test-only job kinds on the real queue and database: one that fails once, one that always fails.
  const flaky = defineJob({
    name: 'flaky' as JobName,
    data: z.object({ key: z.string() }),
    retry: { limit: 3, delaySeconds: 1, backoff: true },
    expireInSeconds: 30,
    async handle({ key }) {
      attempts.set(key, (attempts.get(key) ?? 0) + 1);
      if (attempts.get(key) === 1) throw new Error('first attempt fails');
    },
  });
  const broken = defineJob({
    name: 'broken' as JobName,
    data: z.object({ key: z.string() }),
    retry: { limit: 1, delaySeconds: 1, backoff: false },
    expireInSeconds: 30,
    async handle({ key }) {
      attempts.set(key, (attempts.get(key) ?? 0) + 1);
      throw new Error('always fails');
    },
  });

  beforeAll(async () => {
    dataDir = await makeTempDir('jobs');
    prepared = await backend.prepare();
    const config = loadConfig({ DATA_DIR: dataDir.dir, ...prepared.env });
    database = await openDatabase(config.database);
    await database.migrate();
    const registry = buildJobRegistry([flaky, broken] as JobDefinition[], ['flaky', 'broken']);
    queue = new JobQueue(
      database.sql,
      registry,
      { ...config.worker, pollIntervalSeconds: 0.5, superviseIntervalSeconds: 1 },
      silent,
    );
    await queue.start();
    await queue.work(async (definition, job) =>
      definition.handle(
        job.data,
        { id: job.id, attempt: job.retryCount + 1, signal: new AbortController().signal },
        {} as AppContext,
      ),
    );
  });

  afterAll(async () => {
    await queue?.stop(2000);
    await database?.close();
    await prepared?.remove();
    await dataDir?.remove();
  });

  test('a job that fails once is retried after a backoff and completes', async () => {
    const id = await queue.send('flaky' as JobName, { key: 'a' });
    const job = await waitFor(
      'the flaky job to complete',
      async () => {
        const info = await queue.getJob('flaky' as JobName, id);
        return info?.state === 'completed' ? info : undefined;
      },
      30_000,
    );
    expect(job.retryCount).toBe(1);
    expect(attempts.get('a')).toBe(2);
  });

  test('a job that keeps failing stops after its retry limit, marked failed', async () => {
    const id = await queue.send('broken' as JobName, { key: 'b' });
    const job = await waitFor(
      'the broken job to fail',
      async () => {
        const info = await queue.getJob('broken' as JobName, id);
        return info?.state === 'failed' ? info : undefined;
      },
      30_000,
    );
    expect(attempts.get('b')).toBe(2);
    expect(job.retryCount).toBe(1);
  });

  test('data that does not match the job refuses to queue', async () => {
    await expect(queue.send('flaky' as JobName, { key: 42 })).rejects.toThrow();
  });

  test('a fixed job id queues the work only once', async () => {
    const id = '7d3c2a0e-8c1b-4f43-9a77-1a2b3c4d5e6f';
    await queue.send('flaky' as JobName, { key: 'c' }, { id });
    await expect(queue.send('flaky' as JobName, { key: 'c' }, { id })).rejects.toThrow(
      /was not queued/,
    );
  });
});

describe.runIf(postgresBackend)('separate worker processes on PostgreSQL', () => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let prepared: Awaited<ReturnType<NonNullable<typeof postgresBackend>['prepare']>>;
  let api: AppContext;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await makeTempDir('workers');
    prepared = await postgresBackend!.prepare();
    env = {
      DATA_DIR: dataDir.dir,
      QUEUE_POLL_INTERVAL_SECONDS: '0.5',
      QUEUE_SUPERVISE_INTERVAL_SECONDS: '1',
      ...prepared.env,
    };
    // This process plays the API with WORKER=off: it queues, and runs nothing itself.
    api = await createContext(loadConfig({ ...env, WORKER: 'off' }), silent);
  });

  afterAll(async () => {
    await api?.close();
    await prepared?.remove();
    await dataDir?.remove();
  });

  const runOf = async (jobId: string) =>
    (await api.db.select().from(selfTestRuns).where(eq(selfTestRuns.jobId, jobId)))[0];

  test('a job queued in one process is run by `npm run worker` in another', async () => {
    const jobId = await api.queue.send('render-self-test', {
      durationSeconds: 1,
      width: 320,
      height: 180,
      fps: 10,
    });
    const worker = startProcess('server/worker.ts', env);
    try {
      const run = await waitFor('the self-test to complete', async () => {
        const row = await runOf(jobId);
        return row?.status === 'COMPLETE' ? row : undefined;
      });
      expect(run.attempts).toBe(1);
      expect(await api.storage.stat(selfTestOutputKey(jobId))).toEqual({ size: run.outputBytes });
      // The log line follows the row and reaches us through a pipe: wait for it too.
      await waitFor('the worker to log the job done', async () =>
        worker.output().includes('"msg":"job completed"') ? true : undefined,
      );
    } finally {
      expect(await worker.stop()).toBe(0);
    }
  });

  test('a job whose worker is killed mid-run is run again by another worker', async () => {
    // Expiry is how pg-boss notices a dead worker; 10 s here instead of the job's 600 s.
    const jobId = await api.queue.send(
      'render-self-test',
      { durationSeconds: 10, width: 640, height: 360, fps: 30 },
      { expireInSeconds: 10 },
    );
    const doomed = startProcess('server/worker.ts', env);
    await waitFor(
      'the first attempt to start',
      async () => ((await runOf(jobId))?.status === 'RUNNING' ? true : undefined),
      60_000,
      50,
    );
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    expect((await api.queue.getJob('render-self-test', jobId))?.state).toBe('active');

    const rescuer = startProcess('server/worker.ts', env);
    try {
      const run = await waitFor(
        'the self-test to complete on the second worker',
        async () => {
          const row = await runOf(jobId);
          return row?.status === 'COMPLETE' ? row : undefined;
        },
        120_000,
      );
      expect(run.attempts).toBe(2);
      expect((await api.storage.stat(selfTestOutputKey(jobId)))?.size).toBe(run.outputBytes);
      // The handler writes its COMPLETE row before pg-boss marks the job done, so wait for both.
      await waitFor('the queue to mark the job completed', async () =>
        (await api.queue.getJob('render-self-test', jobId))?.state === 'completed'
          ? true
          : undefined,
      );
    } finally {
      expect(await rescuer.stop()).toBe(0);
    }
  }, 180_000);
});
