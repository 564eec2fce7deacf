// Fair render queues (issue 25): one user queues 50 renders, then another user queues one. How
// long the other user's render waits for a worker (its job's start less its creation), against
// the time one render takes (the median of the first user's), on the real server in this process
// (PGlite, one in-process worker). Goal: waited <= one render's time. The same run with
// RENDER_SLOTS_PER_USER=1000 is reported beside it: no slot limit, but admission still gives
// each user's first render the highest queue priority, which alone serves one worker fairly.

import { inArray } from 'drizzle-orm';
import { renders } from '../server/db/schema';
import { startInProcessServer } from '../tests/support/in-process-server';
import { createRender, renderIdOf, signUp, trackOf } from '../tests/support/renders-client';
import { waitFor } from '../tests/support/wait-for';
import { median, report } from './measure';

const QUEUED_BY_ONE = 50;
/** A still picture on the 8 s track: the quickest render, so 50 of them fit in a bench. */
const STILL = { template: 'cover-on-blur', width: 1080, height: 1080 };

async function otherUsersWait(slotsPerUser: string) {
  const server = await startInProcessServer({
    STARTING_VIZ_CREDITS: '-1',
    RENDER_SLOTS_PER_USER: slotsPerUser,
  });
  try {
    const busy = await signUp(server.url);
    const other = await signUp(server.url);
    const [busyTrack, otherTrack] = await Promise.all([
      trackOf(busy.api, 'audio/intro-8s-mono.mp3'),
      trackOf(other.api, 'audio/intro-8s-mono.mp3'),
    ]);
    const busyIds: string[] = [];
    for (let i = 0; i < QUEUED_BY_ONE; i++)
      busyIds.push(
        renderIdOf((await createRender(busy.api, 'single-frame', busyTrack, STILL)).body),
      );
    const otherId = renderIdOf(
      (await createRender(other.api, 'single-frame', otherTrack, STILL)).body,
    );
    const rowsOf = (ids: string[]) =>
      server.context.db.select().from(renders).where(inArray(renders.id, ids));
    const mine = await waitFor(
      "the other user's render to finish",
      async () => {
        const [row] = await rowsOf([otherId]);
        return row?.finishedAt ? row : undefined;
      },
      30 * 60_000,
      100,
    );
    const done = (await rowsOf(busyIds)).filter((row) => row.status === 'COMPLETE');
    const oneRender = median(
      done.map((row) => row.finishedAt!.getTime() - row.startedAt!.getTime()),
    );
    return {
      waitedMs: mine.startedAt!.getTime() - mine.createdAt.getTime(),
      oneRenderMs: oneRender,
      busyDoneBefore: done.filter((row) => row.finishedAt! < mine.startedAt!).length,
    };
  } finally {
    await server.stop();
  }
}

export async function benchRenderSlots(): Promise<void> {
  const fair = await otherUsersWait('2');
  report(
    `slots: 2nd user's wait behind ${QUEUED_BY_ONE} renders`,
    fair.waitedMs,
    'one render (median)',
    fair.oneRenderMs,
  );
  console.log(`  (${fair.busyDoneBefore} of the first user's renders finished before it started)`);
  const unfair = await otherUsersWait('1000');
  report(
    `1000 slots: 2nd user's wait behind ${QUEUED_BY_ONE}`,
    unfair.waitedMs,
    'one render (median)',
    unfair.oneRenderMs,
  );
  console.log(
    `  (${unfair.busyDoneBefore} of the first user's renders finished before it started)`,
  );
}
