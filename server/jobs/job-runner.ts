import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { startHeartbeat } from '../services/worker-heartbeat.service';
import type { JobRegistry } from './job-registry';

/** After the grace, how long aborted handlers get to hand their jobs back before the queue closes. */
const ABORT_SETTLE_MS = 5_000;

/**
 * Runs queued jobs in this process with the handlers of `jobs` until stop() is called. A stop
 * takes no new job, lets running handlers finish within WORKER_STOP_GRACE_SECONDS, then aborts
 * the rest through their signal; pg-boss then retries what did not finish, on another worker.
 * While it runs, the worker beats in job_workers every WORKER_HEARTBEAT_SECONDS: the others
 * count it, and hand its renders on if it falls silent (a SIGKILL, a lost machine).
 */
export async function runJobs(
  context: AppContext,
  jobs: JobRegistry,
): Promise<{ id: string; stop(): Promise<void> }> {
  const controller = new AbortController();
  const workerId = randomUUID();
  const log = context.log.child({ component: 'job-runner', workerId });
  const running = new Set<Promise<unknown>>();
  const heartbeat = await startHeartbeat({ ...context, log }, workerId);

  await context.queue.work(async (spec, job) => {
    const definition = jobs.get(spec.name);
    if (!definition) throw new Error(`No handler for job ${spec.name}`);
    const attempt = job.retryCount + 1;
    const jobLog = log.child({ job: definition.name, jobId: job.id, attempt });
    const started = Date.now();
    const data = definition.data.safeParse(job.data);
    if (!data.success) {
      // Retrying cannot fix bad data: record why and let pg-boss mark the job failed.
      jobLog.error({ issues: data.error.issues }, 'job data is invalid');
      throw new Error(`Invalid job data: ${data.error.message}`);
    }
    jobLog.info('job started');
    const handling = definition.handle(
      data.data,
      { id: job.id, attempt, signal: controller.signal, workerId },
      context,
    );
    running.add(handling);
    try {
      await handling;
      jobLog.info({ ms: Date.now() - started }, 'job completed');
    } catch (error) {
      jobLog.error({ err: error, ms: Date.now() - started }, 'job failed');
      throw error;
    } finally {
      running.delete(handling);
    }
  });
  log.info({ jobs: [...jobs.keys()] }, 'job runner started');

  /** Resolves true once no handler runs, or false after `ms`. */
  const idleWithin = async (ms: number) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
    const idle = Promise.allSettled([...running]).then(() => true);
    try {
      return await Promise.race([idle, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    id: workerId,
    async stop() {
      await context.queue.stopTaking();
      const graceMs = context.config.worker.stopGraceSeconds * 1000;
      if (running.size > 0) {
        log.info({ running: running.size, graceSeconds: graceMs / 1000 }, 'stopping: jobs finish');
        if (!(await idleWithin(graceMs))) {
          log.warn({ running: running.size }, 'stopping: grace over, running jobs handed back');
          controller.abort();
          await idleWithin(ABORT_SETTLE_MS);
        }
      }
      controller.abort();
      try {
        await context.queue.stop();
      } finally {
        // Beats go on until here: a render finishing within the grace is not taken for lost.
        await heartbeat.stop();
      }
    },
  };
}
