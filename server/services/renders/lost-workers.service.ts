// A worker that dies outright (SIGKILL, a lost machine) cannot hand its render back, and pg-boss
// would take its job for dead only at the job's expiry: ten minutes plus the render's worst
// honest time. Every worker beats in job_workers instead (jobs/job-runner.ts), and each render's
// attempt names its worker: the sweep of render slots ends the job's attempt of a worker silent
// for WORKER_LOST_AFTER_SECONDS as its expiry would, so that another worker runs it again (after
// the job's retry delay). It was charged once, at creation; only the attempt that ends the render
// writes COMPLETE and sends its mail, and a worker taken for lost that comes back stops its
// attempt (render-runner.ts).

import {
  forgetLostWorkers,
  releaseFromWorker,
  rendersOfLostWorkers,
} from '../../repositories/job-workers.repository';
import type { SlotContext } from './render-slots.service';

/** Hands the renders of lost workers to the queue again; answers how many it handed on. */
export async function handOverLostRenders(context: SlotContext): Promise<number> {
  const lostAfter = context.config.worker.lostAfterSeconds;
  let handedOn = 0;
  for (const render of await rendersOfLostWorkers(context.db, lostAfter)) {
    const workerId = render.workerId!;
    const jobId = render.jobId ?? render.id;
    try {
      const job = await context.queue.getJob('render-video', jobId);
      // The job's running attempt is the lost worker's only if it was taken before that attempt
      // started; one taken later is a live worker's that has not named itself on the row yet.
      const lostAttempt =
        job?.state === 'active' &&
        job.startedOn !== null &&
        render.startedAt !== null &&
        job.startedOn.getTime() <= render.startedAt.getTime();
      if (job?.state === 'active' && !lostAttempt) continue;
      // Whoever releases it first hands it on (two sweeps may overlap).
      if (!(await releaseFromWorker(context.db, render.id, workerId))) continue;
      // Not active: its attempt ended already (handed back at a stop, or failed); the next
      // attempt names its own worker, and a job gone for good is settled by the sweep.
      if (!lostAttempt) continue;
      await context.queue.failAttempt('render-video', jobId, 'Its worker was lost.');
      handedOn += 1;
      context.log.warn(
        { renderId: render.id, workerId, attempt: render.attempts },
        'render handed on: its worker was lost',
      );
    } catch (error) {
      context.log.error({ err: error, renderId: render.id }, 'render could not be handed on');
    }
  }
  const forgotten = await forgetLostWorkers(context.db, lostAfter);
  if (forgotten.length > 0)
    context.log.warn(
      { workerIds: forgotten, lostAfterSeconds: lostAfter },
      'workers taken for lost',
    );
  return handedOn;
}
