import type { AppContext } from '../context';
import type { JobRun, JobSpec } from '../repositories/queue/job-spec';

/**
 * One kind of background work: its queue spec plus the handler. A handler must be idempotent:
 * it may run again after its worker died, so it writes its results under names derived from the
 * job id and replaces them. Like a route, it parses its data and calls one service.
 */
export interface JobDefinition<TData = unknown> extends JobSpec<TData> {
  handle(data: TData, run: JobRun, context: AppContext): Promise<void>;
}

export function defineJob<TData>(definition: JobDefinition<TData>): JobDefinition<TData> {
  return definition;
}
