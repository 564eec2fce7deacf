// Each job worker beats in job_workers every WORKER_HEARTBEAT_SECONDS while it runs: the others
// count the live workers (one user's long renders never hold them all) and hand the renders of
// one gone silent to another (services/renders/lost-workers.service.ts).

import os from 'node:os';
import type { AppContext } from '../context';
import { beat, removeWorker } from '../repositories/job-workers.repository';

/** Adds the worker `id` to the live workers and keeps it there until stop(), which removes it. */
export async function startHeartbeat(
  context: Pick<AppContext, 'db' | 'config' | 'log'>,
  id: string,
): Promise<{ stop(): Promise<void> }> {
  const worker = { id, host: os.hostname(), pid: process.pid };
  await beat(context.db, worker);
  let beating = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    beat(context.db, worker)
      .catch((error: unknown) => context.log.warn({ err: error }, 'worker heartbeat failed'))
      .finally(() => (beating = false));
  }, context.config.worker.heartbeatSeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await removeWorker(context.db, id).catch((error: unknown) =>
        context.log.warn({ err: error }, 'worker could not be removed from the live workers'),
      );
    },
  };
}
