// Loop extensions (spec 7: create-video-loop-extension, loop-extension-task-status): a clip of the
// video library repeated to a length, or to a track's length with its audio, by the render
// engine's stream copy (server/render/loop-extend.ts). The output is a video of the library
// (is_task_output, task LOOP_EXTEND), PROGRESSING, then SUCCESS or FAILED with the reason.

import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError, invalidData } from '../../errors/app-error';
import { findAudioById } from '../../repositories/audios.repository';
import type { JobRun } from '../../repositories/queue/job-spec';
import { downloadToTemp } from '../../repositories/temp-files';
import type { UserRow } from '../../repositories/users.repository';
import {
  findVideoById,
  insertVideo,
  updateVideo,
  userVideosByIds,
  videoKeys,
  type VideoRow,
} from '../../repositories/videos.repository';
import { extendLoop, LOOP_MAX_SECONDS } from '../../render/loop-extend';
import { RenderInputError } from '../../render/render-types';
import { readyAudio } from '../renders/renders.service';
import { videoView } from './video-view';
import { requireVideo, storeThumbnail, type VideoContext } from './videos.service';

/** Retries after the first attempt, for transient failures (storage, a crashed ffmpeg). */
export const LOOP_EXTEND_RETRY_LIMIT = 2;
const PROGRESS_INTERVAL_MS = 1000;

export const loopExtensionBody = z.object({
  videoId: z.string({ error: 'videoId is needed' }).max(100),
  target_seconds: z.number().positive({ error: 'target_seconds must be more than 0' }).optional(),
  audio_uuid: z.uuid({ error: 'audio_uuid must be an audio id' }).optional(),
});

export const loopTasksBody = z.object({ tasks: z.array(z.string().max(100)).max(500) });

/**
 * POST create-video-loop-extension: checks the clip (404, 409 while it is not processed), the
 * length or the track (400, 404, 409), stores the output's row and queues loop-extend.
 */
export async function createLoopExtension(
  context: VideoContext,
  user: UserRow,
  body: z.infer<typeof loopExtensionBody>,
): Promise<VideoRow> {
  const source = await requireVideo(context, user, body.videoId);
  if (source.processingStatus !== 'COMPLETE' || !source.videoKey)
    throw new AppError(
      409,
      'VideoNotReady',
      source.processingStatus === 'FAILED'
        ? `This clip could not be processed, so it cannot be looped${source.error ? `: ${source.error}` : '.'}`
        : 'This clip is still being processed: try again in a moment.',
    );
  if ((body.target_seconds === undefined) === (body.audio_uuid === undefined))
    throw invalidData('Give the loop a length (target_seconds) or a track (audio_uuid), not both');
  const audio = body.audio_uuid ? await readyAudio(context, user, body.audio_uuid) : null;
  const target = audio ? audio.durationSeconds : body.target_seconds!;
  if (target > LOOP_MAX_SECONDS) throw invalidData('A loop extension lasts at most 12 hours.');
  const base = source.fileName.replace(/\.[^.]*$/, '') || 'clip';
  const output = await insertVideo(context.db, {
    userUuid: user.userUuid,
    fileName: `${base} (loop).mp4`,
    mimetype: 'video/mp4',
    isTaskOutput: true,
    taskName: 'LOOP_EXTEND',
    taskStatus: 'PROGRESSING',
    processingStatus: 'PROGRESSING',
    sourceVideoUuid: source.videoUuid,
    audioUuid: audio?.audioUuid ?? null,
    targetSeconds: target,
    durationSeconds: target,
    width: source.width,
    height: source.height,
    fps: source.fps,
    codec: 'h264',
    thumbnailKey: null,
  });
  await context.queue.send(
    'loop-extend',
    { videoUuid: output.videoUuid },
    { id: output.videoUuid },
  );
  return output;
}

/** POST loop-extension-task-status: each asked task, in the order asked; NotFound otherwise. */
export async function loopExtensionStatuses(
  context: Pick<VideoContext, 'db'>,
  user: UserRow,
  askedIds: string[],
) {
  const ids = askedIds.map((id) => id.toLowerCase());
  const valid = ids.filter((id) => z.uuid().safeParse(id).success);
  const byId = new Map(
    (await userVideosByIds(context.db, user.userUuid, valid))
      .filter((row) => row.isTaskOutput)
      .map((row) => [row.videoUuid, row]),
  );
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row)
      return { video_uuid: id, status: 'NotFound' as const, percent_complete: 0, video: null };
    const video = videoView(row);
    return {
      video_uuid: id,
      status: row.taskStatus ?? 'PROGRESSING',
      percent_complete: video.percent_complete,
      video,
    };
  });
}

const failed = (context: VideoContext, videoUuid: string, error: string) =>
  updateVideo(context.db, videoUuid, {
    taskStatus: 'FAILED',
    processingStatus: 'FAILED',
    error,
    finishedAt: new Date(),
  });

/**
 * One attempt of the job loop-extend: the clip (and the track) fetched, the loop made by the
 * engine, the output and its thumbnail stored, then SUCCESS. Deleting the output meanwhile stops
 * ffmpeg and removes what was stored; bad input ends FAILED at once with the reason.
 */
export async function runLoopExtension(
  context: VideoContext,
  videoUuid: string,
  run: JobRun,
): Promise<void> {
  const output = await findVideoById(context.db, videoUuid);
  if (!output || output.taskStatus !== 'PROGRESSING') return;
  const source = output.sourceVideoUuid
    ? await findVideoById(context.db, output.sourceVideoUuid)
    : undefined;
  if (!source?.videoKey)
    return void (await failed(
      context,
      videoUuid,
      'The clip was deleted before it could be looped.',
    ));
  const track = output.audioUuid ? await findAudioById(context.db, output.audioUuid) : null;
  if (output.audioUuid && !track?.originalKey)
    return void (await failed(
      context,
      videoUuid,
      'The track was deleted before the loop was made.',
    ));

  const controller = new AbortController();
  const onShutdown = () => controller.abort();
  run.signal.addEventListener('abort', onShutdown);
  let deleted = false;
  let lastWrite = 0;
  const dir = await mkdtemp(path.join(context.config.tmpDir, `loop-${videoUuid}-`));
  const keys = videoKeys(output.userUuid, videoUuid);
  try {
    const clip = await downloadToTemp(dir, await context.storage.get(source.videoKey), 'clip');
    const audio = track?.originalKey
      ? await downloadToTemp(dir, await context.storage.get(track.originalKey), 'audio')
      : null;
    const outFile = path.join(dir, 'loop.mp4');
    const result = await extendLoop(
      {
        clipPath: clip.path,
        ...(audio ? { audioPath: audio.path } : { targetSeconds: output.targetSeconds ?? 0 }),
      },
      outFile,
      {
        ffmpeg: context.ffmpeg,
        tmpDir: dir,
        signal: controller.signal,
        onProgress: async (progress) => {
          const now = Date.now();
          if (progress.fraction < 1 && now - lastWrite < PROGRESS_INTERVAL_MS) return;
          lastWrite = now;
          const row = await updateVideo(context.db, videoUuid, {
            percentComplete: Math.min(99, progress.fraction * 100),
          });
          if (!row) {
            deleted = true;
            controller.abort();
          }
        },
      },
    );
    await context.storage.put(keys.video, createReadStream(outFile));
    const thumbnailKey = await storeThumbnail(
      context,
      output,
      outFile,
      result.durationSeconds,
      dir,
    );
    const done = await updateVideo(context.db, videoUuid, {
      taskStatus: 'SUCCESS',
      processingStatus: 'COMPLETE',
      videoKey: keys.video,
      thumbnailKey,
      fileSize: (await stat(outFile)).size,
      durationSeconds: result.durationSeconds,
      percentComplete: 100,
      error: null,
      finishedAt: new Date(),
    });
    // Deleted while storing: its files must not outlive the row.
    if (!done) await context.storage.deletePrefix(keys.folder);
  } catch (error) {
    if (deleted || !(await findVideoById(context.db, videoUuid))) {
      await context.storage.deletePrefix(keys.folder);
      return;
    }
    if (error instanceof RenderInputError)
      return void (await failed(
        context,
        videoUuid,
        `This loop could not be made: ${error.message}`,
      ));
    if (run.signal.aborted || run.attempt <= LOOP_EXTEND_RETRY_LIMIT) throw error;
    context.log.warn({ err: error, videoUuid }, 'loop extension failed');
    await failed(context, videoUuid, 'The loop could not be made on our side. Please try again.');
  } finally {
    run.signal.removeEventListener('abort', onShutdown);
    await rm(dir, { recursive: true, force: true });
  }
}
