import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import type { JobName } from '../repositories/queue/job-names';

// Jobs that run once a day (video retention, lapsed plans) chain themselves: each run queues the
// next, and every start of a job runner queues the next run if nobody has yet. A stable job id
// per name and day makes that one run whoever asks.

/** A job id made of a name and a key (a day, a time slot), the same in every process. */
export function stableJobId(name: JobName, key: string): string {
  const hex = createHash('sha1').update(`${name}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The job id of a daily job's run on `day` (YYYY-MM-DD), the same in every process. */
export const dailyJobId = (name: JobName, day: string): string => stableJobId(name, day);

/** Queues the daily job's next run at `hourUtc` o'clock (UTC), once; answers the day it is for. */
export async function scheduleDaily(
  context: Pick<AppContext, 'queue' | 'log'>,
  name: JobName,
  hourUtc: number,
  now = new Date(),
): Promise<string> {
  const next = new Date(now);
  next.setUTCHours(hourUtc, 0, 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  const day = next.toISOString().slice(0, 10);
  const startAfterSeconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
  try {
    await context.queue.send(name, { day }, { id: dailyJobId(name, day), startAfterSeconds });
  } catch (error) {
    // Queued already by another process (or an earlier start): one run a day is the point.
    context.log.debug({ err: error, day, job: name }, 'daily run already queued');
  }
  return day;
}
