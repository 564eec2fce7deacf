// The periodic sweep of render slots: one run every RENDER_SLOTS_SWEEP_SECONDS across all
// workers (a fixed job id per time slot), each run queuing the next. It makes admission
// whole again after a crash: renders of lost workers (handed on), jobs of admitted renders
// that were never sent, slots held by renders whose job is gone, and waiting renders whose
// user has a free slot.

import type { AppContext } from '../../context';
import {
  admittedQueuedSince,
  quietHoldingSlot,
  usersWithWaitingRenders,
} from '../../repositories/render-slots.repository';
import { stableJobId } from '../daily-jobs';
import { handOverLostRenders } from './lost-workers.service';
import { admitRenders, sendRenderJob, type SlotContext } from './render-slots.service';
import { QUIET_SECONDS, settleAbandoned } from './renders.service';

/** An admitted render whose job is not there this long after admission is sent again. */
const RESEND_AFTER_SECONDS = 5;
/** Users looked at per run; the next run takes the rest. */
const USERS_PER_RUN = 1000;

export async function sweepRenderSlots(
  context: SlotContext,
  now = new Date(),
): Promise<{ handedOn: number; resent: number; settled: number; admitted: number }> {
  const handedOn = await handOverLostRenders(context);
  let resent = 0;
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  for (const render of await admittedQueuedSince(context.db, before(RESEND_AFTER_SECONDS))) {
    try {
      if (await sendRenderJob(context, render)) resent += 1;
    } catch (error) {
      context.log.error({ err: error, renderId: render.id }, 'render job could not be sent');
    }
  }
  const quiet = await quietHoldingSlot(context.db, before(QUIET_SECONDS));
  const settled = (await settleAbandoned(context, quiet, now.getTime())).filter(
    (row) => row.status === 'FAILED',
  ).length;
  let admitted = 0;
  for (const userUuid of await usersWithWaitingRenders(context.db, USERS_PER_RUN))
    admitted += (await admitRenders(context, userUuid)).length;
  if (handedOn + resent + settled + admitted > 0)
    context.log.info({ handedOn, resent, settled, admitted }, 'render slots swept');
  return { handedOn, resent, settled, admitted };
}

/** Queues the sweep's run of the next time slot, once whoever asks. */
export async function scheduleRenderSlotsSweep(
  context: Pick<AppContext, 'queue' | 'log' | 'config'>,
  now = Date.now(),
): Promise<void> {
  const every = context.config.renderSlots.sweepSeconds;
  const slot = Math.floor(now / 1000 / every) + 1;
  const startAfterSeconds = Math.max(1, Math.ceil(slot * every - now / 1000));
  try {
    await context.queue.send(
      'sweep-render-slots',
      { slot },
      { id: stableJobId('sweep-render-slots', String(slot)), startAfterSeconds },
    );
  } catch (error) {
    context.log.debug({ err: error, slot }, 'render slot sweep already queued');
  }
}
