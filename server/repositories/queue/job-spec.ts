import type { z } from 'zod';
import type { JobName } from './job-names';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  /** Seconds before the first retry; doubled each time when backoff is on. */
  delaySeconds: number;
  backoff: boolean;
}

export interface JobRun {
  id: string;
  /** 1 for the first run, 2 for the first retry, and so on. */
  attempt: number;
  signal: AbortSignal;
  /** The worker running it (job_workers.id); absent when a test runs a handler by itself. */
  workerId?: string;
}

/**
 * What the queue needs to know of one kind of job: its name, the shape of its data and how it
 * retries. The handler (jobs/job-definition.ts) extends this; the queue never imports it.
 */
export interface JobSpec<TData = unknown> {
  name: JobName;
  data: z.ZodType<TData>;
  retry: RetryPolicy;
  /**
   * How long one attempt may run. An attempt still active after this is taken to have lost its
   * worker and is retried; it is how a job survives a killed worker, so keep it above the
   * slowest honest run. A job can set its own when queued (a long render needs longer).
   */
  expireInSeconds: number;
}
