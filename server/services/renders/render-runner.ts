import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import type { JobRun } from '../../repositories/queue/job-spec';
import {
  findRenderById,
  renderAttemptState,
  renderKeys,
  startRenderAttempt,
  updateRenderAttempt,
} from '../../repositories/renders.repository';
import {
  RenderInputError,
  renderThumbnail,
  renderTitleThumbnail,
  renderVideo,
  type RenderProgress,
} from '../../render/engine';
import { kitThumbnailMoment } from './kit-parts';
import { gatherInputs, removeTempDirs, RenderRejected } from './render-inputs';
import { admitRenders } from './render-slots.service';
import { failRender, mailRenderFinished, type RenderContext } from './renders.service';

/** Retries after the first attempt, for transient failures only (storage, a crashed ffmpeg). */
export const RENDER_RETRY_LIMIT = 2;
/** Progress is written at most this often (and at 100 %). */
const PROGRESS_INTERVAL_MS = 1000;
/** How often a running render looks whether it was deleted meanwhile. */
const CANCEL_CHECK_INTERVAL_MS = 1000;

class Stop extends Error {
  constructor(readonly why: 'cancelled' | 'expired' | 'shutdown' | 'superseded') {
    super(`render stopped: ${why}`);
  }
}

const isInputError = (error: unknown) =>
  error instanceof RenderRejected || error instanceof RenderInputError;

/** The message a failed render shows: ours for bad input, a generic one otherwise. */
function failureReason(error: unknown): string {
  if (error instanceof RenderRejected) return error.message;
  if (error instanceof RenderInputError) return `This video could not be made: ${error.message}`;
  return 'Rendering failed on our side. Your credit was given back; please try again.';
}

/** Passes the slot this render held on; the sweep does it later if this fails. */
async function admitNext(context: RenderContext, userUuid: string, log: RenderContext['log']) {
  await admitRenders(context, userUuid).catch((error: unknown) =>
    log.warn({ err: error }, 'next render could not be admitted'),
  );
}

/**
 * One attempt of the job `render-video`: QUEUED/RENDERING → RENDERING → COMPLETE (video, then
 * thumbnail, then the row) or FAILED with a reason and the credit back. It starts from scratch
 * every time, so a worker killed mid-render leaves nothing the next attempt could trip on.
 * A deleted render (its row gone) aborts the engine, which kills ffmpeg; the attempt then removes
 * its temp folder and anything it stored.
 */
export async function runRender(
  context: RenderContext & Pick<AppContext, 'metrics'>,
  renderId: string,
  run: JobRun,
  expireInSeconds: number,
): Promise<void> {
  const existing = await findRenderById(context.db, renderId);
  if (!existing || existing.status === 'COMPLETE' || existing.status === 'FAILED') return;
  const render = await startRenderAttempt(context.db, renderId, run.workerId ?? null);
  if (!render) return;
  // This attempt's number on the row: once another attempt takes over (this worker was taken
  // for lost), this one writes nothing more and stops.
  const attempt = render.attempts;
  const log = context.log.child({ renderId, attempt: run.attempt });
  const attemptStarted = performance.now();
  const keys = renderKeys(render.userUuid, render.id);

  const controller = new AbortController();
  let stopped: Stop | null = null;
  const stop = (why: Stop['why']) => {
    if (stopped) return;
    stopped = new Stop(why);
    controller.abort(stopped);
  };
  const onShutdown = () => stop('shutdown');
  run.signal.addEventListener('abort', onShutdown);
  if (run.signal.aborted) stop('shutdown');
  // Stop a little before pg-boss takes the attempt for dead, so two never run side by side.
  const expiry = setTimeout(() => stop('expired'), Math.max(1, expireInSeconds - 5) * 1000);
  /** Stops the attempt when the render was deleted or ended, or another attempt took over. */
  const stopUnlessCurrent = async () => {
    const state = await renderAttemptState(context.db, renderId, attempt);
    if (state === 'ended') stop('cancelled');
    else if (state === 'superseded') stop('superseded');
    return state === 'current';
  };
  let checking = false;
  const watch = setInterval(() => {
    if (checking || stopped) return;
    checking = true;
    stopUnlessCurrent()
      .catch((error: unknown) => log.warn({ err: error }, 'cancel check failed'))
      .finally(() => (checking = false));
  }, CANCEL_CHECK_INTERVAL_MS);

  let lastWrite = 0;
  const onProgress = async (progress: RenderProgress) => {
    const now = Date.now();
    if (progress.fraction < 1 && now - lastWrite < PROGRESS_INTERVAL_MS) return;
    lastWrite = now;
    try {
      const updated = await updateRenderAttempt(context.db, renderId, attempt, {
        framesDone: progress.framesDone,
        framesTotal: progress.framesTotal,
        percentComplete: Math.min(100, Math.max(0, progress.fraction * 100)),
        etaSeconds: progress.etaSeconds,
        progressUpdatedAt: new Date(now),
      });
      if (!updated) await stopUnlessCurrent();
    } catch (error) {
      // A missed progress write is no reason to lose the render.
      log.warn({ err: error }, 'progress could not be written');
    }
  };

  // What an attempt whose worker died left behind here is of no use to this one.
  await removeTempDirs(context.config.tmpDir, renderId);
  const dir = await mkdtemp(path.join(context.config.tmpDir, `render-${renderId}-`));
  const throwIfStopped = () => {
    if (stopped) throw stopped;
  };
  try {
    const input = await gatherInputs(context, render, dir);
    throwIfStopped();
    const videoFile = path.join(dir, `render-${renderId}.mp4`);
    const thumbFile = path.join(dir, `render-${renderId}.jpg`);
    const options = { ffmpeg: context.ffmpeg, tmpDir: dir, signal: controller.signal, onProgress };
    // A kit's full video carries the kit's titled thumbnail, made first so it is ready early.
    const kitThumbnail = await kitThumbnailMoment(context, render);
    if (kitThumbnail !== null) {
      await renderTitleThumbnail(input, thumbFile, {
        atSeconds: kitThumbnail,
        signal: controller.signal,
      });
      throwIfStopped();
      await context.storage.put(keys.thumbnail, createReadStream(thumbFile));
      await updateRenderAttempt(context.db, renderId, attempt, { thumbnailKey: keys.thumbnail });
    }
    await renderVideo(input, videoFile, options);
    throwIfStopped();
    if (kitThumbnail === null) {
      await renderThumbnail(input, thumbFile, { signal: controller.signal });
      throwIfStopped();
      await context.storage.put(keys.thumbnail, createReadStream(thumbFile));
    }
    const video = await context.storage.put(keys.video, createReadStream(videoFile));
    const done = await updateRenderAttempt(context.db, renderId, attempt, {
      status: 'COMPLETE',
      videoKey: keys.video,
      videoBytes: video.size,
      thumbnailKey: keys.thumbnail,
      framesDone: render.framesTotal,
      percentComplete: 100,
      etaSeconds: null,
      progressUpdatedAt: new Date(),
      finishedAt: new Date(),
    });
    if (!done) {
      // Taken over meanwhile: the newer attempt owns the files and the ending.
      if ((await renderAttemptState(context.db, renderId, attempt)) === 'superseded') {
        log.warn('render attempt superseded while finishing: another worker ends it');
        return;
      }
      // Deleted while the files were being stored: they must not outlive the row.
      await context.storage.deletePrefix(keys.folder);
      log.info('render deleted while finishing; its files were removed');
      return;
    }
    const seconds = (performance.now() - attemptStarted) / 1000;
    context.metrics.renderSecondsPerVideoSecond.observe(
      { kind: render.kind },
      seconds / Math.max(render.durationSeconds, 0.001),
    );
    log.info({ bytes: video.size, seconds }, 'render complete');
    await admitNext(context, render.userUuid, log);
    await mailRenderFinished(context, done);
  } catch (error) {
    const superseded = await renderAttemptState(context.db, renderId, attempt).then(
      (state) => state === 'superseded',
      () => false,
    );
    const why = superseded ? 'superseded' : stopped ? (stopped as Stop).why : null;
    if (why === 'superseded') {
      // Its worker was taken for lost and the render handed on: the files under its keys are
      // the newer attempt's now, and so is the job (whose attempt this one no longer is).
      log.warn('render attempt superseded: another worker took the render over');
      return;
    }
    if (why === 'cancelled') {
      await context.storage.deletePrefix(keys.folder);
      log.info('render deleted while rendering: stopped, files removed');
      return;
    }
    if (why === 'shutdown' || why === 'expired') {
      log.warn({ why }, 'render attempt stopped; it runs again');
      throw error;
    }
    const final = isInputError(error) || run.attempt > RENDER_RETRY_LIMIT;
    log.warn({ err: error, final }, 'render attempt failed');
    if (!final) throw error;
    if (await failRender(context, render, failureReason(error)))
      await admitNext(context, render.userUuid, log);
  } finally {
    clearTimeout(expiry);
    clearInterval(watch);
    run.signal.removeEventListener('abort', onShutdown);
    await rm(dir, { recursive: true, force: true });
  }
}
