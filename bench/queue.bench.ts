import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { z } from 'zod';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { defineJob, type JobDefinition } from '../server/jobs/job-definition';
import { buildJobRegistry } from '../server/jobs/job-registry';
import type { JobName } from '../server/repositories/queue/job-names';
import { JobQueue } from '../server/repositories/queue/job-queue';
import { makeTempDir } from '../tests/support/temp-dir';
import { medianMs, report } from './measure';

const JOBS = 50;

/**
 * Queuing 50 jobs through pg-boss on PGlite against the floor the database sets: 50 plain
 * single-row inserts into a table of the same shape.
 */
export async function benchQueue(): Promise<void> {
  const temp = await makeTempDir('bench-queue');
  const config = loadConfig({ DATA_DIR: temp.dir });
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const noop = defineJob({
      name: 'bench-noop' as JobName,
      data: z.object({ n: z.number() }),
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      expireInSeconds: 60,
      handle: async () => {},
    });
    const queue = new JobQueue(
      database.sql,
      buildJobRegistry([noop] as JobDefinition[], ['bench-noop']),
      config.worker,
      pino({ level: 'silent' }),
    );
    await queue.start();
    await database.sql.executeSql(
      'CREATE TABLE bench_rows (id uuid primary key, data jsonb, created_on timestamptz default now())',
    );
    const baseline = await medianMs(3, async () => {
      for (let n = 0; n < JOBS; n++) {
        await database.sql.executeSql('INSERT INTO bench_rows (id, data) VALUES ($1, $2)', [
          randomUUID(),
          JSON.stringify({ n }),
        ]);
      }
    });
    const subject = await medianMs(3, async () => {
      for (let n = 0; n < JOBS; n++) await queue.send('bench-noop' as JobName, { n });
    });
    report(`pg-boss send x${JOBS} on PGlite`, subject, `plain INSERT x${JOBS} on PGlite`, baseline);
    await queue.stop(1000);
  } finally {
    await database.close();
    await temp.remove();
  }
}
