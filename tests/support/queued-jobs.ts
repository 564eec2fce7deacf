import type { AppContext } from '../../server/context';
import type { JobName } from '../../server/repositories/queue/job-names';

export interface QueuedJob {
  id: string;
  state: string;
  data: Record<string, unknown>;
}

/**
 * Every job of one name in pg-boss's own table, oldest first, whatever became of it: what a
 * request queued can be checked as soon as it has answered, without waiting to see what happens.
 */
export async function queuedJobs(
  context: Pick<AppContext, 'database'>,
  name: JobName,
): Promise<QueuedJob[]> {
  const { rows } = await context.database.sql.executeSql(
    'select id, state, data from pgboss.job where name = $1 order by created_on, id',
    [name],
  );
  return rows as QueuedJob[];
}
