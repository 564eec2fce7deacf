import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Lyrics } from '../../../core/lyrics/lyrics';
import type { ParticleDesign } from '../../../core/particles/design';
import { findTemplate } from '../../../core/render/renderer';
import { videoFrameCount, type RenderKind } from '../../../core/render/scene';
import type { AppContext } from '../../context';
import { AppError } from '../../errors/app-error';
import { findAudio } from '../../repositories/audios.repository';
import { findLyrics } from '../../repositories/lyrics.repository';
import { findImage } from '../../repositories/images.repository';
import {
  deleteUserRender,
  findRenderById,
  insertRender,
  listUserRenders,
  renderKeys,
  UNFINISHED,
  updateRenderIf,
  userRendersByIds,
  type RenderRow,
} from '../../repositories/renders.repository';
import { findUserById, type UserRow } from '../../repositories/users.repository';
import { mailKitWhenDone } from './kit-parts';
import { chargeRenderCredit, refundRenderCredit } from './credits.service';
import { resolveConfiguration, type CreateRenderBody } from './render-config';
import { renderFinishedMail } from './render-mails';
import { planGate } from './plan-gate';
import { admitRenders, withWaitingPlaces } from './render-slots.service';
import { RENDER_PAGE, type ProgressRow } from './render-view';

export { renderExpirySeconds } from './render-expiry';

export type RenderContext = Pick<
  AppContext,
  'db' | 'storage' | 'queue' | 'config' | 'log' | 'ffmpeg'
>;

const audioNotReady = (message: string) => new AppError(409, 'AudioNotReady', message);

/** The user's track, processed: 404 AudioNotFound, 409 AudioNotReady while it is not. */
export async function readyAudio(context: RenderContext, user: UserRow, audioUuid: string) {
  const audio = await findAudio(context.db, user.userUuid, audioUuid);
  if (!audio) throw new AppError(404, 'AudioNotFound', 'No such audio.');
  if (audio.coreProcessingStatus === null)
    throw audioNotReady('This track has not finished uploading yet.');
  if (audio.coreProcessingStatus === 'PROGRESSING')
    throw audioNotReady('This track is still being processed: try again in a moment.');
  if (audio.coreProcessingStatus === 'FAILED' || audio.durationSeconds === null)
    throw audioNotReady(
      `This track could not be processed, so it cannot be rendered${audio.error ? `: ${audio.error}` : '.'}`,
    );
  return { ...audio, durationSeconds: audio.durationSeconds };
}

/**
 * The track's timed lines for a video that shows its lyrics (a style named), or undefined for
 * one that does not: 409 NoLyrics when the track has none timed. A copy goes into the render's
 * settings, so later edits of the lyrics do not change a video already made.
 */
export async function timedLyricsOf(
  context: Pick<RenderContext, 'db'>,
  audioUuid: string,
  style: string | null | undefined,
): Promise<Lyrics | undefined> {
  if (!style) return undefined;
  const row = await findLyrics(context.db, audioUuid);
  const lines = row?.lyrics.lines.filter((line) => line.startSeconds !== null) ?? [];
  if (lines.length === 0)
    throw new AppError(
      409,
      'NoLyrics',
      'This track has no timed lyrics yet: time them on its Lyrics page, then render.',
    );
  return { lines, language: row?.lyrics.language ?? null };
}

/** The user's pictures by slot, processed: 404 ImageNotFound, 409 ImageNotReady. */
export async function checkImages(
  context: RenderContext,
  user: UserRow,
  imageIds: Record<string, string>,
): Promise<void> {
  for (const [slot, imageUuid] of Object.entries(imageIds)) {
    const image = await findImage(context.db, user.userUuid, imageUuid);
    if (!image) throw new AppError(404, 'ImageNotFound', `No such image (${slot}).`);
    if (image.status !== 'COMPLETE')
      throw new AppError(
        409,
        'ImageNotReady',
        image.status === 'PENDING'
          ? `The ${slot} picture is still being processed: try again in a moment.`
          : `The ${slot} picture could not be processed: choose another one.`,
      );
  }
}

/**
 * Creates a render: checks the configuration (400), what the plan renders (403), the track (404,
 * 409) and the images (404, 409), then in one transaction charges the credit (402 when none is
 * left) and stores the row, waiting for a render slot of the user; admission then sends the job
 * `render-video` (whose id is the render's id) at once if the user has a slot free.
 */
export async function createRender(
  context: RenderContext,
  user: UserRow,
  kind: RenderKind,
  body: CreateRenderBody,
  options: { expireInSeconds?: number; particles?: ParticleDesign } = {},
): Promise<RenderRow> {
  const extras = options.particles ? { particles: options.particles } : {};
  // The configuration and the plan are checked before the track is looked at; its lyrics come
  // with the track (and the settings with them go through the plan's gate again).
  const { settings: asked } = resolveConfiguration(
    kind,
    { ...body.configuration, lyrics_style: null },
    extras,
  );
  const allow = await planGate(context.db, user.userUuid);
  allow([asked]);
  const audio = await readyAudio(context, user, body.audio_uuid);
  const lyrics = await timedLyricsOf(context, audio.audioUuid, body.configuration.lyrics_style);
  const resolved = resolveConfiguration(kind, body.configuration, {
    ...extras,
    ...(lyrics ? { lyrics } : {}),
  });
  const settings = allow([resolved.settings])[0]!;
  const { imageIds } = resolved;
  await checkImages(context, user, imageIds);

  const id = randomUUID();
  const durationSeconds = audio.durationSeconds;
  const render = await context.db.transaction(async (tx) => {
    await chargeRenderCredit(tx, user.userUuid, id, kind);
    return insertRender(tx, {
      id,
      userUuid: user.userUuid,
      kind,
      template: settings.template,
      settings,
      audioUuid: audio.audioUuid,
      audioFileName: audio.fileName,
      durationSeconds,
      imageIds,
      status: 'QUEUED',
      framesTotal: kind === 'single-frame' ? 1 : videoFrameCount(durationSeconds, settings.fps),
      jobId: id,
    });
  });
  const expiries = new Map(
    options.expireInSeconds === undefined ? [] : [[id, options.expireInSeconds]],
  );
  const admitted = await admitRenders(context, user.userUuid, expiries);
  return admitted.find((row) => row.id === id) ?? render;
}

/**
 * FAILED with a reason, the credit back and the mail, once: only the call that moves the render
 * from an unfinished state does it. Answers whether this call did.
 */
export async function failRender(
  context: Pick<RenderContext, 'db' | 'queue' | 'config' | 'log'>,
  render: RenderRow,
  reason: string,
): Promise<boolean> {
  // One transaction: whoever reads FAILED also reads the credit back.
  const outcome = await context.db.transaction(async (tx) => {
    const failed = await updateRenderIf(tx, render.id, UNFINISHED, {
      status: 'FAILED',
      error: reason,
      etaSeconds: null,
      finishedAt: new Date(),
    });
    if (!failed) return undefined;
    const refunded = await refundRenderCredit(tx, render.userUuid, render.id, render.settings.kind);
    return { failed, refunded };
  });
  if (!outcome) return false;
  await mailRenderFinished(context, outcome.failed, outcome.refunded);
  return true;
}

/** The mail of a finished render, when the user's e-mail preferences allow it. */
export async function mailRenderFinished(
  context: Pick<RenderContext, 'db' | 'queue' | 'config' | 'log'>,
  render: RenderRow,
  refunded = false,
): Promise<void> {
  try {
    // A kit's parts share one mail, sent when the last of them ends.
    if (render.kitId) return await mailKitWhenDone(context, render.kitId);
    const user = await findUserById(context.db, render.userUuid);
    if (!user?.emailPrefs.renderFinished) return;
    const { settings } = render;
    const name =
      settings.title || findTemplate(settings.kind, settings.template)?.title || settings.template;
    await context.queue.send(
      'send-mail',
      renderFinishedMail({
        to: user.email,
        kind: settings.kind,
        ok: render.status === 'COMPLETE',
        name,
        url: `${context.config.appUrl}${RENDER_PAGE[settings.kind]}/${render.id}`,
        error: render.error,
        refunded,
      }),
    );
  } catch (error) {
    // The video matters more than the mail about it.
    context.log.warn({ err: error, renderId: render.id }, 'render mail could not be queued');
  }
}

/**
 * Deletes a render of the user: the row first (a running job notices within a second, stops its
 * ffmpeg and removes what it wrote), the credit back if it had not finished, then its files.
 */
export async function deleteRender(
  context: RenderContext,
  user: UserRow,
  kind: RenderKind,
  id: string,
): Promise<RenderRow | undefined> {
  const deleted = await context.db.transaction(async (tx) => {
    const row = await deleteUserRender(tx, user.userUuid, kind, id);
    if (row && UNFINISHED.includes(row.status))
      await refundRenderCredit(tx, user.userUuid, row.id, kind);
    return row;
  });
  if (!deleted) return undefined;
  // A slot it held (or a place in line) is free now.
  if (UNFINISHED.includes(deleted.status)) {
    await admitRenders(context, user.userUuid);
    // The kit's mail waits for its last part: this may have been it.
    if (deleted.kitId) await mailKitWhenDone(context, deleted.kitId);
  }
  await context.storage.deletePrefix(renderKeys(user.userUuid, deleted.id).folder);
  context.log.info({ renderId: id, status: deleted.status }, 'render deleted');
  return deleted;
}

/** How long an unfinished render may go without news before its job is looked at. */
export const QUIET_SECONDS = 60;

/**
 * Ends renders whose job is gone for good (its last attempt died with its worker, or it was
 * never queued): FAILED with the credit back, instead of IN-PROGRESS forever, and its slot
 * passed on. Only renders quiet for a minute since their admission are looked at, so a status
 * poll costs nothing while renders move; renders waiting for a slot have no job yet.
 */
export async function settleAbandoned(
  context: Pick<RenderContext, 'db' | 'queue' | 'config' | 'log'>,
  rows: RenderRow[],
  now = Date.now(),
): Promise<RenderRow[]> {
  return Promise.all(
    rows.map(async (row) => {
      if (!UNFINISHED.includes(row.status) || row.admittedAt === null) return row;
      const last = (row.progressUpdatedAt ?? row.admittedAt).getTime();
      if (now - last < QUIET_SECONDS * 1000) return row;
      const job = await context.queue.getJob('render-video', row.jobId ?? row.id);
      if (job && ['created', 'retry', 'active'].includes(job.state)) return row;
      context.log.warn({ renderId: row.id, job: job?.state ?? null }, 'render abandoned');
      const failed = await failRender(
        context,
        row,
        'Rendering stopped unexpectedly. Your credit was given back; please try again.',
      );
      if (failed) await admitRenders(context, row.userUuid);
      return (await findRenderById(context.db, row.id)) ?? row;
    }),
  );
}

type ReadContext = Pick<RenderContext, 'db' | 'queue' | 'config' | 'log'>;

/** The user's renders of one kind, newest first, with abandoned ones settled. */
export async function listRenders(
  context: ReadContext,
  userUuid: string,
  kind: RenderKind,
): Promise<RenderRow[]> {
  return settleAbandoned(context, await listUserRenders(context.db, userUuid, kind));
}

/** Renders for the progress calls: abandoned ones settled, waiting ones with their place. */
export async function renderProgressRows(
  context: ReadContext,
  rows: RenderRow[],
): Promise<ProgressRow[]> {
  return withWaitingPlaces(context, await settleAbandoned(context, rows));
}

const renderId = z.uuid();

/**
 * The user's renders of one kind for the ids asked (any text, any case), in the order asked:
 * undefined where there is none (another user's, another kind's, or not an id at all).
 */
export async function findRenders(
  context: ReadContext,
  userUuid: string,
  kind: RenderKind,
  askedIds: readonly string[],
): Promise<(ProgressRow | undefined)[]> {
  const ids = askedIds.map((id) => id.toLowerCase());
  const valid = ids.filter((id) => renderId.safeParse(id).success);
  const rows = await renderProgressRows(
    context,
    await userRendersByIds(context.db, userUuid, kind, valid),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id));
}
