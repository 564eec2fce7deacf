// Fair render queues (issue 25): at most N renders of one user run at once across all workers
// (RENDER_SLOTS_PER_USER, or the plan's render_slots). pg-boss has no per-group concurrency, so
// admission lives on our renders table: a QUEUED render either holds a slot (admitted_at set,
// its job sent) or waits for one, first come first served within its user.
//
// A long render (worst honest time over RENDER_LONG_SECONDS: a full-length track) holds its
// worker for hours and cannot be paused for someone else. So one user's long renders holding
// a slot never number as many as the live workers (job_workers): with W workers, at most W - 1
// of them; the user's next long one waits for a slot while shorter ones go ahead of it. Another
// user's render then always finds a worker that no long render of one user holds. (With one
// worker there is nothing to keep free: run two or more.)

import { normalizeEmail } from '../../../core/email-check';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { countLiveWorkers } from '../../repositories/job-workers.repository';
import {
  admitWaiting,
  lockUserSlots,
  oldestWaiting,
  planRenderSlots,
  rendersHoldingSlot,
  setPlanRenderSlots,
  unstartedRenderIds,
  waitingRenderIds,
} from '../../repositories/render-slots.repository';
import { findUserByEmail } from '../../repositories/users.repository';
import type { RenderRow } from '../../repositories/renders.repository';
import { renderExpirySeconds, renderWorkSeconds } from './render-expiry';
import type { ProgressRow } from './render-view';

export type SlotContext = Pick<AppContext, 'db' | 'queue' | 'config' | 'log'>;

/** Waiting renders of one user looked at per admission (long ones may be passed over). */
const WAITING_LOOKED_AT = 200;

/** Whether the render holds a worker for long (RENDER_LONG_SECONDS). */
const isLongRender = (
  config: SlotContext['config'],
  render: Pick<RenderRow, 'settings' | 'durationSeconds'>,
) =>
  renderWorkSeconds(render.settings, render.durationSeconds) > config.renderSlots.longRenderSeconds;

/** How many long renders one user may hold: all live workers but one, when there are two or more. */
async function longRendersPerUser(db: Db, config: SlotContext['config']): Promise<number> {
  const workers = await countLiveWorkers(db, config.worker.lostAfterSeconds);
  return workers >= 2 ? workers - 1 : Infinity;
}

/**
 * Admits the user's oldest waiting renders into their free slots, then sends their jobs. Called
 * when a render is created, finalized, ends or is deleted, and by the sweep; safe to call any
 * time from any process (one admission per user at a time). `expiries` gives a render its own
 * job expiry instead of the one scaled to its length.
 */
export async function admitRenders(
  context: SlotContext,
  userUuid: string,
  expiries: ReadonlyMap<string, number> = new Map(),
): Promise<RenderRow[]> {
  const admitted = await context.db.transaction(async (tx) => {
    await lockUserSlots(tx, userUuid);
    const slots = (await planRenderSlots(tx, userUuid)) ?? context.config.renderSlots.perUser;
    const holding = await rendersHoldingSlot(tx, userUuid);
    const free = slots - holding.length;
    if (free <= 0) return [];
    const isLong = (render: RenderRow) => isLongRender(context.config, render);
    let longFree = (await longRendersPerUser(tx, context.config)) - holding.filter(isLong).length;
    const picked: string[] = [];
    for (const render of await oldestWaiting(tx, userUuid, WAITING_LOOKED_AT)) {
      if (picked.length >= free) break;
      if (isLong(render)) {
        if (longFree <= 0) continue;
        longFree -= 1;
      }
      picked.push(render.id);
    }
    const rows = await admitWaiting(tx, picked);
    // A user's first slot goes before anyone's second: pg-boss takes higher priorities first.
    return rows.map((render, i) => ({ render, priority: -(holding.length + i) }));
  });
  for (const { render, priority } of admitted) {
    try {
      await sendRenderJob(context, render, { expireInSeconds: expiries.get(render.id), priority });
    } catch (error) {
      // Admitted stays admitted: the sweep sends it again, and the watchdog ends it with the
      // credit back if the queue keeps refusing.
      context.log.error({ err: error, renderId: render.id }, 'render job could not be sent');
    }
  }
  if (admitted.length > 0)
    context.log.info({ userUuid, renderIds: admitted.map((a) => a.render.id) }, 'renders admitted');
  return admitted.map((a) => a.render);
}

/**
 * Sends the job `render-video` of an admitted render, with the render's id as job id; answers
 * false when that job exists already (sent before a crash, or by the sweep meanwhile).
 */
export async function sendRenderJob(
  context: SlotContext,
  render: RenderRow,
  options: { expireInSeconds?: number | undefined; priority?: number } = {},
): Promise<boolean> {
  const expireInSeconds =
    options.expireInSeconds ?? renderExpirySeconds(render.settings, render.durationSeconds);
  try {
    await context.queue.send(
      'render-video',
      { renderId: render.id, expireInSeconds },
      { id: render.id, expireInSeconds, priority: options.priority ?? 0 },
    );
    return true;
  } catch (error) {
    if (await context.queue.getJob('render-video', render.id)) return false;
    throw error;
  }
}

/** Adds to each row its place in its user's line of waiting renders (1 = next), or null. */
export async function withWaitingPlaces(
  context: Pick<SlotContext, 'db'>,
  rows: readonly RenderRow[],
): Promise<ProgressRow[]> {
  const users = new Set(rows.filter(isWaiting).map((row) => row.userUuid));
  const places = new Map<string, number>();
  for (const userUuid of users) {
    const ids = await waitingRenderIds(context.db, userUuid);
    ids.forEach((id, i) => places.set(id, i + 1));
  }
  return rows.map((row) => ({ ...row, waitingPlace: places.get(row.id) ?? null }));
}

const isWaiting = (row: RenderRow) => row.status === 'QUEUED' && row.admittedAt === null;

/**
 * Adds to each QUEUED row its place among its user's renders not started yet (1 = next): those
 * holding a slot and waiting for a worker come before those waiting for a slot.
 */
export async function withQueuePlaces<R extends RenderRow>(
  context: Pick<SlotContext, 'db'>,
  rows: readonly R[],
): Promise<(R & { queuePlace: number | null })[]> {
  const users = new Set(rows.filter((row) => row.status === 'QUEUED').map((row) => row.userUuid));
  const places = new Map<string, number>();
  for (const userUuid of users) {
    const ids = await unstartedRenderIds(context.db, userUuid);
    ids.forEach((id, i) => places.set(id, i + 1));
  }
  return rows.map((row) => ({ ...row, queuePlace: places.get(row.id) ?? null }));
}

/**
 * `npm run admin -- render-slots <email> <n|default>`: gives the user's plan its own number of
 * render slots, or (null) the installation's again. Renders waiting meanwhile are admitted by
 * the next sweep.
 */
export async function setRenderSlotsByEmail(
  db: Db,
  email: string,
  slots: number | null,
): Promise<void> {
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user || !(await setPlanRenderSlots(db, user.userUuid, slots)))
    throw new AppError(404, 'NotFound', `No account uses ${email}.`);
}
