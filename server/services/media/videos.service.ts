// The video library (spec 7, Videos): clips come in through the one upload path (a draft with
// its exact size, the bytes by tus, then finalize, as audio), are probed by ffprobe and given a
// thumbnail by the job process-video; loop extensions add their outputs (loop-extensions.service).
// Retention: 'keep', or 'delete-after-30-days', applied by the daily job apply-retention.

import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ACCEPTED_VIDEO, MEDIA_LIMITS } from '../../../core/media/media-limits';
import { RETENTION_DAYS, RETENTION_POLICIES } from '../../../core/media/video-types';
import { AppError, invalidData, notFound } from '../../errors/app-error';
import { AUDIO_UPLOADS_PATH } from '../../repositories/audio-uploads';
import { videoThumbnailArgs } from '../../repositories/ffmpeg/encode-args';
import type { JobRun } from '../../repositories/queue/job-spec';
import { downloadToTemp } from '../../repositories/temp-files';
import type { UserRow } from '../../repositories/users.repository';
import {
  deleteUserVideo,
  expiredVideos,
  findUserVideo,
  findVideoById,
  insertVideo,
  listUserVideos,
  updateVideo,
  userVideosByIds,
  videoKeys,
  type VideoRow,
} from '../../repositories/videos.repository';
import { probeClip } from '../../render/loop-extend';
import { RenderInputError } from '../../render/render-types';
import type { AudioContext } from './audio-uploads.service';
import { videoView } from './video-view';
import { scheduleDaily } from '../daily-jobs';

export type VideoContext = AudioContext;

const MB = 1024 * 1024;
export const VIDEO_MESSAGES = {
  tooLarge: `Videos can be up to ${MEDIA_LIMITS.videoMaxBytes / MB} MB.`,
  tooLong: `Videos can be up to ${MEDIA_LIMITS.videoMaxSeconds / 60} minutes long.`,
  notAVideo: 'This file is not a video we can use (MP4, MOV or WebM).',
  tooManyPixels: 'Videos can be up to 3840 × 2160 pixels.',
} as const;

export const videoDraftBody = z.object({
  file_name: z.string().trim().min(1).max(300),
  file_size: z.number().int().min(1),
  mimetype: z.string().max(100).default('application/octet-stream'),
  duration_seconds: z.number().min(0).nullable().optional(),
});

export const videoIdBody = z.object({ videoId: z.string({ error: 'videoId is needed' }).max(100) });

export const retentionBody = z.object({
  videoId: z.string({ error: 'videoId is needed' }).max(100),
  retentionPolicy: z.enum(RETENTION_POLICIES, {
    error: `retentionPolicy must be one of ${RETENTION_POLICIES.join(', ')}`,
  }),
});

function isVideoFile(fileName: string, mimetype: string): boolean {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return ACCEPTED_VIDEO.some(
    (type) =>
      (type.extensions as readonly string[]).includes(extension) || type.mimetype === mimetype,
  );
}

/** POST add-video-draft: a clip's draft and its resumable upload of exactly file_size bytes. */
export async function createVideoDraft(
  context: VideoContext,
  user: UserRow,
  body: z.infer<typeof videoDraftBody>,
) {
  if (!isVideoFile(body.file_name, body.mimetype)) throw invalidData(VIDEO_MESSAGES.notAVideo);
  if (body.file_size > MEDIA_LIMITS.videoMaxBytes)
    throw new AppError(413, 'VideoTooLarge', VIDEO_MESSAGES.tooLarge);
  if (body.duration_seconds != null && body.duration_seconds > MEDIA_LIMITS.videoMaxSeconds)
    throw new AppError(413, 'VideoTooLong', VIDEO_MESSAGES.tooLong);
  const draft = await insertVideo(context.db, {
    userUuid: user.userUuid,
    fileName: body.file_name,
    fileSize: body.file_size,
    mimetype: body.mimetype,
  });
  await context.uploads.create(draft.videoUuid, body.file_size, body.file_name);
  return {
    video_uuid: draft.videoUuid,
    upload_url: `${AUDIO_UPLOADS_PATH}/${draft.videoUuid}`,
  };
}

/** The user's video, or 404 NotFound (another user's id is no different). */
export async function requireVideo(
  context: Pick<VideoContext, 'db'>,
  user: UserRow,
  videoId: unknown,
): Promise<VideoRow> {
  const id = typeof videoId === 'string' ? videoId.toLowerCase() : '';
  const video = z.uuid().safeParse(id).success
    ? await findUserVideo(context.db, user.userUuid, id)
    : undefined;
  if (!video) throw notFound('No such video.');
  return video;
}

/**
 * POST add-video-finalize: checks the upload is whole, moves it into storage and queues
 * process-video. Finalizing twice is harmless.
 */
export async function finalizeVideo(context: VideoContext, user: UserRow, videoId: unknown) {
  const draft = await requireVideo(context, user, videoId);
  if (draft.isTaskOutput || draft.processingStatus !== null) return videoView(draft);
  const progress = await context.uploads.progress(draft.videoUuid);
  if (!progress || progress.offset !== draft.fileSize) {
    throw new AppError(
      409,
      'UploadIncomplete',
      `The upload is not complete yet (${progress?.offset ?? 0} of ${draft.fileSize} bytes).`,
    );
  }
  const keys = videoKeys(user.userUuid, draft.videoUuid);
  await context.uploads.keep(draft.videoUuid, context.storage, keys.video);
  const updated = await updateVideo(context.db, draft.videoUuid, {
    videoKey: keys.video,
    processingStatus: 'PROGRESSING',
  });
  await context.uploads.remove(draft.videoUuid);
  await context.queue.send(
    'process-video',
    { videoUuid: draft.videoUuid },
    { id: draft.videoUuid },
  );
  return videoView(updated!);
}

/** POST add-video-abort: drops a draft and its partial upload; finished videos are kept. */
export async function abortVideo(context: VideoContext, user: UserRow, videoId: unknown) {
  const draft = await requireVideo(context, user, videoId);
  if (draft.isTaskOutput || draft.processingStatus !== null)
    throw new AppError(409, 'UploadFinished', 'This upload is finished; delete the video instead.');
  await context.uploads.remove(draft.videoUuid);
  await deleteUserVideo(context.db, user.userUuid, draft.videoUuid);
}

/** Writes a thumbnail of the video file into storage; answers its key. */
export async function storeThumbnail(
  context: Pick<VideoContext, 'ffmpeg' | 'storage'>,
  row: Pick<VideoRow, 'userUuid' | 'videoUuid'>,
  file: string,
  durationSeconds: number,
  dir: string,
  signal?: AbortSignal,
): Promise<string> {
  const thumb = path.join(dir, `thumb-${row.videoUuid}.jpg`);
  const atSeconds = Math.min(1, durationSeconds / 2);
  await context.ffmpeg.run(videoThumbnailArgs({ input: file, atSeconds, outFile: thumb }), {
    signal,
  });
  const key = videoKeys(row.userUuid, row.videoUuid).thumbnail;
  await context.storage.put(key, createReadStream(thumb));
  return key;
}

/**
 * The job process-video: what the clip is (ffprobe: codec, size, frame rate, duration) and its
 * thumbnail; a file that is no video, or a damaged one, ends FAILED with the reason.
 */
export async function processUploadedVideo(
  context: VideoContext,
  videoUuid: string,
  run: JobRun,
): Promise<void> {
  const video = await findVideoById(context.db, videoUuid);
  if (!video || video.processingStatus !== 'PROGRESSING' || !video.videoKey) return;
  const dir = await mkdtemp(path.join(context.config.tmpDir, `video-${videoUuid}-`));
  const fail = (error: string) =>
    updateVideo(context.db, videoUuid, { processingStatus: 'FAILED', error });
  try {
    const file = await downloadToTemp(dir, await context.storage.get(video.videoKey), 'clip');
    let clip;
    try {
      clip = await probeClip(context.ffmpeg, file.path, run.signal);
    } catch (error) {
      if (error instanceof RenderInputError) return void (await fail(error.message));
      throw error;
    }
    if (clip.durationSeconds > MEDIA_LIMITS.videoMaxSeconds + 1)
      return void (await fail(VIDEO_MESSAGES.tooLong));
    if (clip.width * clip.height > MEDIA_LIMITS.videoMaxPixels)
      return void (await fail(VIDEO_MESSAGES.tooManyPixels));
    const probe = await context.ffmpeg.probe(file.path, run.signal);
    const codec = probe.streams.find((s) => s.codec_type === 'video')?.codec_name ?? null;
    const thumbnailKey = await storeThumbnail(
      context,
      video,
      file.path,
      clip.durationSeconds,
      dir,
      run.signal,
    ).catch(() => null);
    if (!thumbnailKey) return void (await fail('The clip could not be read: it may be damaged.'));
    await updateVideo(context.db, videoUuid, {
      processingStatus: 'COMPLETE',
      error: null,
      width: clip.width,
      height: clip.height,
      fps: Math.round((1 / clip.frameSeconds) * 1000) / 1000,
      durationSeconds: clip.frames * clip.frameSeconds,
      codec,
      thumbnailKey,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** GET user-videos: the user's clips and loop-extension outputs, newest first. */
export async function userVideos(context: Pick<VideoContext, 'db'>, user: UserRow) {
  return (await listUserVideos(context.db, user.userUuid)).map(videoView);
}

/** POST processing-status: each asked id's processing, in the order asked. */
export async function videoStatuses(
  context: Pick<VideoContext, 'db'>,
  user: UserRow,
  askedIds: string[],
) {
  const ids = askedIds.map((id) => id.toLowerCase());
  const valid = ids.filter((id) => z.uuid().safeParse(id).success);
  const byId = new Map(
    (await userVideosByIds(context.db, user.userUuid, valid)).map((row) => [row.videoUuid, row]),
  );
  return ids.map((id) => {
    const row = byId.get(id);
    return {
      video_uuid: id,
      processing_status: row?.processingStatus ?? 'NotFound',
      error: row?.error ?? null,
    };
  });
}

/** Removes a video's row and files (a running loop extension notices and stops). */
export async function removeVideo(context: VideoContext, row: VideoRow): Promise<void> {
  await context.uploads.remove(row.videoUuid);
  await deleteUserVideo(context.db, row.userUuid, row.videoUuid);
  await context.storage.deletePrefix(videoKeys(row.userUuid, row.videoUuid).folder);
}

/** POST update-retention-policy {videoId, retentionPolicy}. */
export async function setRetentionPolicy(
  context: Pick<VideoContext, 'db'>,
  user: UserRow,
  body: z.infer<typeof retentionBody>,
) {
  const video = await requireVideo(context, user, body.videoId);
  const updated = await updateVideo(context.db, video.videoUuid, {
    retentionPolicy: body.retentionPolicy,
  });
  return videoView(updated!);
}

/**
 * The daily job apply-retention: deletes the videos whose policy is 'delete-after-30-days' and
 * that are older than that. Answers how many it removed.
 */
export async function applyRetention(context: VideoContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - RETENTION_DAYS * 24 * 3600 * 1000);
  const expired = await expiredVideos(context.db, before);
  for (const row of expired) await removeVideo(context, row);
  if (expired.length > 0) context.log.info({ count: expired.length }, 'expired videos removed');
  return expired.length;
}

/** The stored key of a video's file or thumbnail (404 until there is one). */
export async function videoFile(
  context: Pick<VideoContext, 'db'>,
  user: UserRow,
  videoId: string,
  which: 'video' | 'thumbnail',
) {
  const video = await requireVideo(context, user, videoId);
  const key =
    which === 'video'
      ? video.processingStatus === 'COMPLETE' && video.videoKey
      : video.thumbnailKey;
  if (!key) throw notFound('This video is not ready yet.');
  const base =
    video.fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w .()-]+/g, '')
      .trim() || 'video';
  return {
    key,
    contentType: video.isTaskOutput ? 'video/mp4' : video.mimetype,
    downloadName: `${base}.${video.isTaskOutput ? 'mp4' : (video.fileName.split('.').pop() ?? 'mp4')}`,
  };
}

/** The hour (UTC) the daily retention job runs. */
const RETENTION_HOUR_UTC = 3;

/** Queues the next daily run of apply-retention (03:00 UTC); answers the day it is for. */
export function scheduleRetention(context: Pick<VideoContext, 'queue' | 'log'>, now = new Date()) {
  return scheduleDaily(context, 'apply-retention', RETENTION_HOUR_UTC, now);
}
