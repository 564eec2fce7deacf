// Spotify Canvas loops (spec 7, Canvas): a draft holds the settings and the loop planned from the
// track's section; finalizing charges one Canvas credit and queues the render; aborting drops the
// draft. The render itself is the one render job of every kind (render-runner.ts).

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CANVAS_MAX_SECONDS, CANVAS_MIN_SECONDS, planLoop } from '../../../core/render/canvas-loop';
import type { Analysis } from '../../../core/audio-analysis/analysis-format';
import { AppError, invalidData } from '../../errors/app-error';
import {
  deleteStaleDrafts,
  deleteDraft,
  findUserRender,
  insertRender,
  updateRenderIf,
  type RenderRow,
} from '../../repositories/renders.repository';
import type { UserRow } from '../../repositories/users.repository';
import { chargeRenderCredit } from './credits.service';
import { configurationSchema, resolveConfiguration } from './render-config';
import { allowedByPlan } from './plan-gate';
import { loadAnalysis, RenderRejected } from './render-inputs';
import { admitRenders } from './render-slots.service';
import { checkImages, readyAudio, type RenderContext } from './renders.service';

/** A draft not finalized within a day is dropped (the next draft of its user sweeps them). */
const DRAFT_LIFETIME_MS = 24 * 3600 * 1000;

export const draftCanvasBody = z.object({
  configuration: configurationSchema,
  /** The track the loop is cut to (its section's tempo), or none: the user picks the length. */
  audio_uuid: z.uuid({ error: 'audio_uuid must be an audio id' }).nullable().optional(),
  /** Where in the track the section starts, seconds. */
  section_start: z.number().min(0).optional(),
  /** The length wanted, 3-8 s; with a track, the nearest whole number of beats or bars. */
  seconds: z
    .number()
    .min(CANVAS_MIN_SECONDS, {
      error: `A Canvas lasts ${CANVAS_MIN_SECONDS} to ${CANVAS_MAX_SECONDS} seconds`,
    })
    .max(CANVAS_MAX_SECONDS, {
      error: `A Canvas lasts ${CANVAS_MIN_SECONDS} to ${CANVAS_MAX_SECONDS} seconds`,
    })
    .optional(),
});
export type DraftCanvasBody = z.infer<typeof draftCanvasBody>;

export const canvasIdBody = z.object({
  videoId: z.string({ error: 'videoId is needed' }).max(100),
});

/**
 * POST draft-render-video: checks the configuration (400), the track (404, 409), what the plan
 * renders (403) and the pictures (404, 409), plans the loop from the track's section, and stores
 * a DRAFT (not charged, not listed) with its settings.
 */
export async function draftCanvas(
  context: RenderContext,
  user: UserRow,
  body: DraftCanvasBody,
): Promise<RenderRow> {
  const fps = body.configuration.fps ?? 30;
  let analysis: Analysis | null = null;
  let audio: Awaited<ReturnType<typeof readyAudio>> | null = null;
  if (body.audio_uuid) {
    audio = await readyAudio(context, user, body.audio_uuid);
    if (body.section_start !== undefined && body.section_start >= (audio.durationSeconds ?? 0))
      throw invalidData('The section must start inside the track');
    analysis = await loadAnalysis(context, audio.analysisKey).catch((error: unknown) => {
      if (error instanceof RenderRejected) throw new AppError(409, 'AudioNotReady', error.message);
      throw error;
    });
  } else if (body.section_start !== undefined) {
    throw invalidData('A section needs a track');
  }
  const loop = planLoop({
    analysis,
    sectionStart: body.section_start ?? 0,
    seconds: body.seconds,
    fps,
  });
  const resolved = resolveConfiguration('canvas', body.configuration, { loop });
  const settings = (await allowedByPlan(context.db, user.userUuid, [resolved.settings]))[0]!;
  const { imageIds } = resolved;
  await checkImages(context, user, imageIds);
  await deleteStaleDrafts(context.db, user.userUuid, new Date(Date.now() - DRAFT_LIFETIME_MS));
  return insertRender(context.db, {
    id: randomUUID(),
    userUuid: user.userUuid,
    kind: 'canvas',
    template: settings.template,
    settings,
    audioUuid: audio?.audioUuid ?? null,
    audioFileName: audio?.fileName ?? '',
    durationSeconds: loop.frames / settings.fps,
    imageIds,
    status: 'DRAFT',
    framesTotal: loop.frames,
  });
}

const notADraft = () =>
  new AppError(409, 'NotADraft', 'This Canvas was already finalized: open its progress page.');

/** The user's Canvas, or 404 NotFound (another user's id is no different). */
async function requireCanvas(context: RenderContext, user: UserRow, videoId: string) {
  const id = videoId.toLowerCase();
  const render = z.uuid().safeParse(id).success
    ? await findUserRender(context.db, user.userUuid, 'canvas', id)
    : undefined;
  if (!render) throw new AppError(404, 'NotFound', 'No such Canvas video.');
  return render;
}

/**
 * POST finalize-video-render: what the plan renders is checked again (403), then in one
 * transaction the draft becomes QUEUED and one Canvas credit is charged (the plan's free ones
 * first; 402 NoCreditsRemaining when none is left, and the draft stays a draft), then the render
 * waits for a render slot (at once, if one is free).
 */
export async function finalizeCanvas(
  context: RenderContext,
  user: UserRow,
  videoId: string,
): Promise<RenderRow> {
  const draft = await requireCanvas(context, user, videoId);
  if (draft.status !== 'DRAFT') throw notADraft();
  // The plan may have changed since the draft: it is the plan now that renders it.
  await allowedByPlan(context.db, user.userUuid, [draft.settings]);
  const render = await context.db.transaction(async (tx) => {
    await chargeRenderCredit(tx, user.userUuid, draft.id, 'canvas');
    const queued = await updateRenderIf(tx, draft.id, ['DRAFT'], {
      status: 'QUEUED',
      jobId: draft.id,
      createdAt: new Date(),
    });
    // Finalized (or aborted) by a parallel request meanwhile: this one charges nothing.
    if (!queued) throw notADraft();
    return queued;
  });
  const admitted = await admitRenders(context, user.userUuid);
  return admitted.find((row) => row.id === render.id) ?? render;
}

/** POST abort-render-video: drops a draft (a finalized Canvas is deleted with delete instead). */
export async function abortCanvas(
  context: RenderContext,
  user: UserRow,
  videoId: string,
): Promise<void> {
  const draft = await requireCanvas(context, user, videoId);
  if (!(await deleteDraft(context.db, user.userUuid, draft.id))) throw notADraft();
}
