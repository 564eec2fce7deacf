import type { SqlExecutor } from '../../db/database';
import type { JobCounts } from '../../metrics';
import { JOB_NAMES } from './job-names';

/**
 * How many jobs of each name wait (new or retrying), run and failed, read from pg-boss's own
 * table: one grouped query over the shared database, so it is the whole fleet's figure. Failed
 * jobs stay counted until pg-boss deletes them (its retention, 7 days by default). Every job
 * name is listed, with zeros when it has no jobs, so no series vanishes.
 */
export async function countJobs(sql: SqlExecutor): Promise<JobCounts[]> {
  const { rows } = await sql.executeSql(
    `select name, state, count(*)::int as count from pgboss.job
      where state in ('created', 'retry', 'active', 'failed') group by name, state`,
  );
  const byName = new Map<string, JobCounts>(
    JOB_NAMES.map((job) => [job, { job, waiting: 0, running: 0, failed: 0 }]),
  );
  for (const row of rows as { name: string; state: string; count: number }[]) {
    const counts = byName.get(row.name);
    if (!counts) continue;
    if (row.state === 'active') counts.running += row.count;
    else if (row.state === 'failed') counts.failed += row.count;
    else counts.waiting += row.count;
  }
  return [...byName.values()];
}
