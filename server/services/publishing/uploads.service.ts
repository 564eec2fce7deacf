// Publishing a finished video to a linked channel (spec 3, Upload entry; spec 7, the three
// upload-video-yt calls and query-yt-uploads*). Any finished video of the user can be published:
// a render of the engine (visualizer, single-frame, Canvas, particles) or a library video (an
// uploaded clip or a loop extension). The entry is PENDING until SUCCESS or FAILED (spec 4); the
// bytes go to YouTube in a queued job (upload-runner.ts).

import { z } from 'zod';
import type {
  PublishTarget,
  PublishTargetKind,
  UploadEntry,
  UploadStatusItem,
  UploadVideoYtResponse,
  YtUploadStatus,
} from '../../../core/publishing/api-types';
import { lyricsOfSection, toPlainText, type Lyrics } from '../../../core/lyrics';
import {
  checkLyricsChoice,
  checkUploadConfig,
  descriptionWithLyrics,
  NO_LYRICS,
  youtubeWatchUrl,
  type UploadConfig,
} from '../../../core/publishing/upload-config';
import type { StaticUploadStatus } from '../../../core/render/api-types';
import { findTemplate } from '../../../core/render/renderer';
import { AppError, notFound } from '../../errors/app-error';
import { findImage } from '../../repositories/images.repository';
import {
  findUploadById,
  findUserUpload,
  insertUpload,
  latestUploadsOf,
  listUserUploads,
  updatePendingUpload,
  userUploadsByIds,
  type UploadRow,
} from '../../repositories/publishing.repository';
import {
  findRenderById,
  findUserRenderOfAnyKind,
  type RenderRow,
} from '../../repositories/renders.repository';
import type { UserRow } from '../../repositories/users.repository';
import { findUserVideo, findVideoById, type VideoRow } from '../../repositories/videos.repository';
import { RENDER_API_BASE, RENDER_PAGE } from '../renders/render-view';
import { VIDEOS_API } from '../media/video-view';
import { channelCanManage, requireChannel, type PublishingContext } from './channels.service';
import { requireYoutube } from './youtube-access';

/** A video that can be published, with where its bytes are. */
export interface ResolvedTarget {
  view: PublishTarget;
  /** Storage key of the MP4, once there is one. */
  videoKey: string | null;
  /** Storage key of our JPEG thumbnail, if any. */
  thumbnailKey: string | null;
  /** The timed lyrics the video shows, in its own time (a hook clip's from its start); or null. */
  lyrics: Lyrics | null;
}

/** The lyrics a render shows, in the video's time: a kit's hook clip starts inside the track. */
function lyricsShownBy(render: RenderRow): Lyrics | null {
  const shown = render.settings.lyrics;
  if (!shown) return null;
  // A hook clip's stretch of the track, or the whole of it: a line never outlasts the video.
  const stretch =
    render.section ??
    (render.durationSeconds ? { startSeconds: 0, endSeconds: render.durationSeconds } : null);
  const lyrics = lyricsOfSection({ lines: shown.lines, language: shown.language ?? null }, stretch);
  return lyrics.lines.length > 0 ? lyrics : null;
}

const NOT_FOUND_MESSAGE = 'We could not find this video.';

/** What goes to YouTube of a video's lyrics, as a body carries it: the rules are core's. */
export const lyricsChoiceBody = z
  .object({
    captions_language: z.string().max(35).nullable().default(null),
    in_description: z.boolean({ error: 'in_description must be true or false' }).default(false),
  })
  .default(NO_LYRICS);

function renderTarget(render: RenderRow): ResolvedTarget {
  const { settings } = render;
  const kind = settings.kind;
  const base = RENDER_API_BASE[kind];
  const done = render.status === 'COMPLETE' && render.videoKey !== null;
  const templateTitle = findTemplate(kind, settings.template)?.title ?? settings.template;
  const title = settings.title || (kind === 'particles' ? settings.particles?.name : '') || '';
  const suggested = [title, settings.artist].filter(Boolean).join(' — ') || templateTitle;
  const lyrics = lyricsShownBy(render);
  return {
    view: {
      kind,
      uuid: render.id,
      title: title || templateTitle,
      duration_seconds: render.durationSeconds,
      thumbnail_url: done && render.thumbnailKey ? `${base}/thumbnail/${render.id}` : null,
      video_url: done ? `${base}/video/${render.id}` : null,
      ready: done,
      state: done ? 'ready' : render.status === 'FAILED' ? 'failed' : 'rendering',
      suggested_title: suggested,
      suggested_description: `${suggested}\n\nMade with Waveframe.`,
      page_path: `${RENDER_PAGE[kind]}/${render.id}`,
      lyrics: lyrics && { lines: lyrics.lines.length, language: lyrics.language },
    },
    videoKey: done ? render.videoKey : null,
    thumbnailKey: done ? render.thumbnailKey : null,
    lyrics,
  };
}

function videoTarget(video: VideoRow): ResolvedTarget {
  const ready = video.videoKey !== null && video.processingStatus === 'COMPLETE';
  const failed = video.processingStatus === 'FAILED' || video.taskStatus === 'FAILED';
  const name = video.fileName.replace(/\.[^.]+$/, '') || video.fileName;
  return {
    view: {
      kind: 'video',
      uuid: video.videoUuid,
      title: name,
      duration_seconds: video.durationSeconds,
      thumbnail_url: video.thumbnailKey ? `${VIDEOS_API}/thumbnail/${video.videoUuid}` : null,
      video_url: ready ? `${VIDEOS_API}/video/${video.videoUuid}` : null,
      ready,
      state: ready ? 'ready' : failed ? 'failed' : 'rendering',
      suggested_title: name,
      suggested_description: `${name}\n\nMade with Waveframe.`,
      page_path: `/media/video-loop-extensions/${video.videoUuid}`,
      lyrics: null,
    },
    videoKey: ready ? video.videoKey : null,
    thumbnailKey: video.thumbnailKey,
    lyrics: null,
  };
}

/** The user's video with this id, whatever its kind, or undefined. */
export async function findPublishTarget(
  context: Pick<PublishingContext, 'db'>,
  userUuid: string,
  id: string,
): Promise<ResolvedTarget | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const render = await findUserRenderOfAnyKind(context.db, userUuid, id);
  if (render) return renderTarget(render);
  const video = await findUserVideo(context.db, userUuid, id);
  return video ? videoTarget(video) : undefined;
}

/** What an upload entry points at, as it is now (the job reads it again each time). */
export async function targetOfUpload(
  context: Pick<PublishingContext, 'db'>,
  upload: Pick<UploadRow, 'targetKind' | 'targetUuid' | 'userUuid'>,
): Promise<ResolvedTarget | undefined> {
  if (upload.targetKind === 'video') {
    const video = await findVideoById(context.db, upload.targetUuid);
    return video && video.userUuid === upload.userUuid ? videoTarget(video) : undefined;
  }
  const render = await findRenderById(context.db, upload.targetUuid);
  return render && render.userUuid === upload.userUuid ? renderTarget(render) : undefined;
}

export async function publishTarget(
  context: PublishingContext,
  user: UserRow,
  id: string,
): Promise<PublishTarget> {
  const target = await findPublishTarget(context, user.userUuid, id);
  if (!target) throw notFound(NOT_FOUND_MESSAGE);
  return target.view;
}

/** Which call publishes which kinds: Visualizers and Single-frame their own, Videos any. */
export type UploadCall = 'visualizers' | 'music-videos' | 'videos';
const KINDS_OF_CALL: Record<UploadCall, readonly PublishTargetKind[]> = {
  visualizers: ['visualizer'],
  'music-videos': ['single-frame'],
  videos: ['video', 'canvas', 'particles', 'visualizer', 'single-frame'],
};

/** How long one attempt of an upload may take before it is taken for lost: 256 KB/s at worst. */
export const uploadExpirySeconds = (bytes: number) => 900 + Math.ceil(bytes / 262_144);

export async function createUpload(
  context: PublishingContext,
  user: UserRow,
  call: UploadCall,
  input: { id: string; channel_id: string; upload_config: UploadConfig },
  options: { expireInSeconds?: number } = {},
): Promise<UploadVideoYtResponse> {
  requireYoutube(context.config);
  const target = await findPublishTarget(context, user.userUuid, input.id);
  if (!target || !KINDS_OF_CALL[call].includes(target.view.kind)) throw notFound(NOT_FOUND_MESSAGE);
  const { view } = target;
  if (view.state === 'failed') {
    throw new AppError(
      409,
      'VideoNotPublishable',
      'This video failed to render, so there is nothing to publish.',
    );
  }
  // A single-frame video may be published while it renders (spec 4: its two sides); the job waits.
  if (view.state === 'rendering' && view.kind !== 'single-frame') {
    throw new AppError(
      409,
      'VideoNotReady',
      'This video is not finished yet. Publish it once it is ready.',
    );
  }
  const config = normalised(input.upload_config);
  const problems = checkUploadConfig(config, new Date());
  const first = Object.values(problems)[0];
  if (first) {
    throw new AppError(400, 'InvalidUploadConfig', first);
  }
  const lyricsText = target.lyrics ? toPlainText(target.lyrics) : '';
  const lyricsProblem = checkLyricsChoice(config, lyricsText);
  if (lyricsProblem) {
    throw lyricsText
      ? new AppError(400, 'InvalidUploadConfig', lyricsProblem)
      : new AppError(409, 'NoLyrics', lyricsProblem);
  }
  const channel = await requireChannel(context, user, input.channel_id);
  if (config.lyrics.captions_language !== null && !channelCanManage(channel)) {
    throw new AppError(
      409,
      'CaptionsNotAllowed',
      `Allow Waveframe to add captions on ${channel.channelTitle} first: YouTube asks once.`,
    );
  }
  if (config.lyrics.in_description)
    config.description = descriptionWithLyrics(config.description, lyricsText);
  if (config.thumbnail.source === 'image') {
    const image = await findImage(context.db, user.userUuid, config.thumbnail.image_uuid);
    if (!image || image.status !== 'COMPLETE')
      throw notFound('The thumbnail image is not in your library.');
  }
  const entry = await insertUpload(context.db, {
    userUuid: user.userUuid,
    channelRowId: channel.id,
    channelId: channel.channelId,
    channelTitle: channel.channelTitle,
    targetKind: view.kind,
    targetUuid: view.uuid,
    uploadConfig: config,
    status: 'PENDING',
  });
  const bytes = target.videoKey
    ? ((await context.storage.stat(target.videoKey))?.size ?? 0)
    : 512 * 1024 * 1024;
  const expireInSeconds = options.expireInSeconds ?? uploadExpirySeconds(bytes);
  await context.queue.send(
    'youtube-upload',
    { entryUuid: entry.entryUuid, expireInSeconds },
    { id: entry.entryUuid, expireInSeconds },
  );
  context.log.info(
    { entryUuid: entry.entryUuid, target: view.uuid, channelId: channel.channelId },
    'youtube upload queued',
  );
  return { entry_uuid: entry.entryUuid, yt_upload_status: 'PENDING' };
}

/** Trimmed text, tags without blanks: what YouTube is sent is what the entry shows. */
function normalised(config: UploadConfig): UploadConfig {
  return {
    ...config,
    title: config.title.trim(),
    description: config.description.trim(),
    tags: config.tags.map((tag) => tag.trim()).filter(Boolean),
    // A caller inside the server may leave the lyrics out: none then.
    lyrics: (config.lyrics as UploadConfig['lyrics'] | undefined) ?? NO_LYRICS,
  };
}

export function uploadView(row: UploadRow, thumbnailUrl: string | null = null): UploadEntry {
  const total = row.bytesTotal;
  const percent =
    row.status === 'SUCCESS'
      ? 100
      : total
        ? Math.min(99, Math.floor((row.bytesSent / total) * 100))
        : 0;
  return {
    entry_uuid: row.entryUuid,
    yt_upload_status: row.status as YtUploadStatus,
    channel_id: row.channelId,
    channel_title: row.channelTitle,
    target_kind: row.targetKind,
    target_uuid: row.targetUuid,
    title: row.uploadConfig.title,
    privacy: row.uploadConfig.privacy,
    publish_at: row.uploadConfig.publish_at,
    percent_complete: percent,
    bytes_sent: row.bytesSent,
    bytes_total: total,
    youtube_video_id: row.youtubeVideoId,
    youtube_url: row.youtubeVideoId ? youtubeWatchUrl(row.youtubeVideoId) : null,
    reason: row.status === 'FAILED' ? row.reason : null,
    thumbnail_result: row.thumbnailResult,
    captions_result: row.captionsResult,
    thumbnail_url: thumbnailUrl,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** A PENDING entry this long without a live job is settled (its job's retries ran out). */
const QUIET_SECONDS = 60;

/**
 * Entries whose job is gone for good (every attempt's worker died) would stay PENDING forever:
 * they end FAILED with a reason when next read.
 */
async function settleAbandoned(
  context: PublishingContext,
  rows: UploadRow[],
  now = Date.now(),
): Promise<UploadRow[]> {
  return Promise.all(
    rows.map(async (row) => {
      if (row.status !== 'PENDING' || now - row.createdAt.getTime() < QUIET_SECONDS * 1000)
        return row;
      const job = await context.queue.getJob('youtube-upload', row.entryUuid);
      if (job && ['created', 'retry', 'active'].includes(job.state)) return row;
      context.log.warn({ entryUuid: row.entryUuid, job: job?.state ?? null }, 'upload abandoned');
      await updatePendingUpload(context.db, row.entryUuid, {
        status: 'FAILED',
        reason: 'The upload stopped unexpectedly. Please try again.',
        finishedAt: new Date(now),
      });
      return (await findUploadById(context.db, row.entryUuid)) ?? row;
    }),
  );
}

/** Entries with their videos' thumbnails (looked up once per video), abandoned ones settled. */
async function viewsOf(context: PublishingContext, found: UploadRow[]): Promise<UploadEntry[]> {
  const rows = await settleAbandoned(context, found);
  const thumbnails = new Map<string, string | null>();
  for (const row of rows) {
    if (thumbnails.has(row.targetUuid)) continue;
    const target = await targetOfUpload(context, row);
    thumbnails.set(row.targetUuid, target?.view.thumbnail_url ?? null);
  }
  return rows.map((row) => uploadView(row, thumbnails.get(row.targetUuid) ?? null));
}

export async function listUploads(
  context: PublishingContext,
  user: UserRow,
): Promise<UploadEntry[]> {
  return viewsOf(context, await listUserUploads(context.db, user.userUuid));
}

export async function getUpload(
  context: PublishingContext,
  user: UserRow,
  entryUuid: string,
): Promise<UploadEntry> {
  const row = /^[0-9a-f-]{36}$/i.test(entryUuid)
    ? await findUserUpload(context.db, user.userUuid, entryUuid)
    : undefined;
  if (!row) throw notFound('We could not find this upload.');
  return (await viewsOf(context, [row]))[0]!;
}

export async function uploadsStatus(
  context: PublishingContext,
  user: UserRow,
  entryUuids: string[],
): Promise<UploadStatusItem[]> {
  const ids = entryUuids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const rows = await userUploadsByIds(context.db, user.userUuid, ids);
  const views = new Map((await viewsOf(context, rows)).map((view) => [view.entry_uuid, view]));
  return entryUuids.map((id) => {
    const entry = views.get(id) ?? null;
    return { entry_uuid: id, yt_upload_status: entry?.yt_upload_status ?? 'NotFound', entry };
  });
}

/** A single-frame video's upload side (spec 4), from its newest upload entry. */
export function staticUploadStatus(upload: UploadRow | undefined): StaticUploadStatus {
  if (!upload) return 'NO UPLOAD';
  if (upload.status === 'SUCCESS') return 'UPLOAD COMPLETE';
  if (upload.status === 'FAILED') return 'UPLOAD FAILED';
  return 'UPLOADING';
}

/** The newest upload entry of each of these single-frame videos, as their views carry it. */
export async function staticUploadsOf(
  context: Pick<PublishingContext, 'db'>,
  userUuid: string,
  renderIds: string[],
): Promise<Map<string, { upload_status: StaticUploadStatus; yt_upload: UploadEntry | null }>> {
  const latest = await latestUploadsOf(context.db, userUuid, renderIds);
  const sides = new Map<
    string,
    { upload_status: StaticUploadStatus; yt_upload: UploadEntry | null }
  >();
  for (const id of renderIds) {
    const row = latest.get(id);
    sides.set(id, {
      upload_status: staticUploadStatus(row),
      yt_upload: row ? uploadView(row) : null,
    });
  }
  return sides;
}
