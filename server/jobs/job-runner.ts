import type { AppContext } from '../context';
import type { JobRegistry } from './job-registry';

/**
 * Runs queued jobs in this process with the handlers of `jobs` until stop() is called. A stop
 * aborts running handlers through their signal; pg-boss then retries what did not finish.
 */
export async function runJobs(
  context: AppContext,
  jobs: JobRegistry,
): Promise<{ stop(): Promise<void> }> {
  const controller = new AbortController();
  const log = context.log.child({ component: 'job-runner' });

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
    try {
      await definition.handle(
        data.data,
        { id: job.id, attempt, signal: controller.signal },
        context,
      );
      jobLog.info({ ms: Date.now() - started }, 'job completed');
    } catch (error) {
      jobLog.error({ err: error, ms: Date.now() - started }, 'job failed');
      throw error;
    }
  });
  log.info({ jobs: [...jobs.keys()] }, 'job runner started');

  return {
    async stop() {
      controller.abort();
      await context.queue.stop();
    },
  };
}
