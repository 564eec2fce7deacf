import type { z } from 'zod';
import type { JobName } from './job-names';
import type { AppContext } from '../context';

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
}

/**
 * One kind of background work. A handler must be idempotent: it may run again after its
 * worker died, so it writes its results under names derived from the job id and replaces them.
 */
export interface JobDefinition<TData = unknown> {
  name: JobName;
  data: z.ZodType<TData>;
  retry: RetryPolicy;
  /**
   * How long one attempt may run. An attempt still active after this is taken to have lost its
   * worker and is retried; it is how a job survives a killed worker, so keep it above the
   * slowest honest run. A job can set its own when queued (a long render needs longer).
   */
  expireInSeconds: number;
  handle(data: TData, run: JobRun, context: AppContext): Promise<void>;
}

export function defineJob<TData>(definition: JobDefinition<TData>): JobDefinition<TData> {
  return definition;
}
