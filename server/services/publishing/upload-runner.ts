// One attempt of the job `youtube-upload`: the video's bytes to YouTube through the resumable
// upload protocol, then the thumbnail and the lyrics' caption track, then SUCCESS (or FAILED with
// a reason people understand).
//
// The session URL is stored as soon as YouTube opens it, so an attempt that starts after a
// worker died asks that session how much it holds and goes on from there: the same session,
// never a second video. Network trouble and 5xx answers are retried with capped exponential
// backoff, asking YouTube where it stands each time; an expired access token is refreshed by
// the client; quota, permission and refused-details errors end the upload at once.

import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { LyricsError, toSrt } from '../../../core/lyrics';
import {
  CAPTIONS_NAME,
  NO_LYRICS,
  THUMBNAIL_MAX_BYTES,
} from '../../../core/publishing/upload-config';
import { findImage, imageKeys } from '../../repositories/images.repository';
import {
  findChannelRow,
  findUploadById,
  updatePendingUpload,
  type UploadRow,
} from '../../repositories/publishing.repository';
import type { JobRun } from '../../repositories/queue/job-spec';
import type { Storage } from '../../repositories/storage/storage';
import { findUserById } from '../../repositories/users.repository';
import {
  YouTubeError,
  type ChannelAccess,
  type UploadState,
} from '../../repositories/youtube/youtube-gateway';
import { notificationMail } from '../mail-layout';
import type { PublishingContext } from './channels.service';
import { targetOfUpload, type ResolvedTarget } from './uploads.service';
import { cipherOf, NOT_CONFIGURED_MESSAGE, youtubeOf } from './youtube-access';

/** Consecutive failed tries without a byte of progress before an upload gives up. */
export const MAX_TRIES_WITHOUT_PROGRESS = 8;
/** Backoff: 1 s, 2 s, 4 s, ... capped at 32 s, each with up to a quarter more at random. */
const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 32_000;
/** New sessions after YouTube forgot one (it keeps them about a week). */
const MAX_SESSIONS = 3;
/** How often a single-frame upload checks whether its render has finished. */
const RENDER_WAIT_MS = 2000;

/** Ends the upload FAILED with this reason. */
class UploadFailed extends Error {}

export function backoffMs(tries: number, random = Math.random()): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, tries - 1));
  return Math.round(base * (1 + random / 4));
}

export async function runUpload(
  context: PublishingContext,
  entryUuid: string,
  run: JobRun,
  expireInSeconds: number,
): Promise<void> {
  const entry = await findUploadById(context.db, entryUuid);
  if (!entry || entry.status !== 'PENDING') return;
  const log = context.log.child({ entryUuid, attempt: run.attempt });

  const controller = new AbortController();
  const onShutdown = () => controller.abort(run.signal.reason);
  run.signal.addEventListener('abort', onShutdown);
  if (run.signal.aborted) onShutdown();
  // Stop a little before pg-boss takes the attempt for dead, so two never send side by side.
  const expiry = setTimeout(
    () => controller.abort(new Error('attempt expired')),
    Math.max(1, expireInSeconds - 5) * 1000,
  );
  try {
    const sent = await upload(context, entry, controller.signal, log);
    if (sent === null) return; // the entry went away (its user was deleted)
    const { videoId } = sent;
    const thumbnailResult = await setThumbnail(context, entry, sent, log);
    const captionsResult = await addCaptions(entry, sent, log);
    await finish(context, entry, {
      status: 'SUCCESS',
      youtubeVideoId: videoId,
      thumbnailResult,
      captionsResult,
    });
    log.info({ videoId }, 'youtube upload finished');
  } catch (error) {
    if (controller.signal.aborted) throw error; // the next attempt resumes the session
    const reason =
      error instanceof UploadFailed
        ? error.message
        : 'The upload stopped because of a problem on our side. Please try again.';
    if (!(error instanceof UploadFailed)) log.error({ err: error }, 'youtube upload crashed');
    else log.warn({ reason }, 'youtube upload failed');
    await finish(context, entry, { status: 'FAILED', reason });
  } finally {
    clearTimeout(expiry);
    run.signal.removeEventListener('abort', onShutdown);
  }
}

/** What a finished send leaves for the thumbnail: the video, and the access and target used. */
interface Sent {
  videoId: string;
  access: ChannelAccess;
  target: ResolvedTarget;
}

/** Sends the file; answers YouTube's video id (with what sent it), or null when the entry is gone. */
async function upload(
  context: PublishingContext,
  entry: UploadRow,
  signal: AbortSignal,
  log: PublishingContext['log'],
): Promise<Sent | null> {
  const youtube = youtubeOf(context.config);
  if (!youtube) throw new UploadFailed(NOT_CONFIGURED_MESSAGE);
  const target = await finishedTarget(context, entry, signal);
  const channel = entry.channelRowId ? await findChannelRow(context.db, entry.channelRowId) : null;
  if (!channel) {
    throw new UploadFailed(
      `The channel ${entry.channelTitle} was disconnected before the video was published. Connect it again and publish once more.`,
    );
  }
  const access = youtube.gateway.access(
    await cipherOf(context.config).open(channel.refreshTokenSealed),
  );
  const total = (await context.storage.stat(target.videoKey!))?.size;
  if (!total) throw new UploadFailed('The video file is missing, so there was nothing to upload.');
  const chunkBytes = youtube.youtube.chunkBytes;

  let sessionUrl = entry.sessionUrl;
  let sessions = 0;
  let tries = 0;
  let state: UploadState | null = null;
  const progress = async (changes: Parameters<typeof updatePendingUpload>[2]) => {
    if (!(await updatePendingUpload(context.db, entry.entryUuid, changes))) {
      throw new EntryGone();
    }
  };
  try {
    await progress({ bytesTotal: total });
    for (;;) {
      signal.throwIfAborted();
      try {
        if (!sessionUrl) {
          if (++sessions > MAX_SESSIONS)
            throw new UploadFailed('YouTube kept ending the upload. Please try again later.');
          sessionUrl = await access.startUpload(metadataOf(entry), total, 'video/mp4', signal);
          await progress({ sessionUrl, bytesSent: 0 });
          state = { done: false, held: 0 };
          log.info('youtube upload session opened');
        }
        // Where YouTube stands, when we do not know: on resuming and after every failure.
        state ??= await access.queryUpload(sessionUrl, total, signal);
        if (state.done) break;
        const chunk = await readRange(
          context.storage,
          target.videoKey!,
          state.held,
          Math.min(total, state.held + chunkBytes),
        );
        const before: number = state.held;
        state = await access.sendChunk(sessionUrl, chunk, before, total, signal);
        const held = state.done ? total : state.held;
        if (held > before) tries = 0;
        await progress({ bytesSent: held });
      } catch (error) {
        if (signal.aborted || !(error instanceof YouTubeError)) throw error;
        state = null;
        if (error.kind === 'session-gone') {
          log.warn('youtube forgot the upload session; opening a new one');
          sessionUrl = null;
          continue;
        }
        if (error.kind !== 'transient') throw new UploadFailed(reasonFor(error, entry));
        if (++tries > MAX_TRIES_WITHOUT_PROGRESS) {
          throw new UploadFailed(
            'YouTube did not answer for a while, so the upload stopped. Please try again later.',
          );
        }
        const wait = backoffMs(tries);
        log.warn({ reason: error.reason, tries, wait }, 'youtube upload interrupted; resuming');
        await sleep(wait, signal);
      }
    }
  } catch (error) {
    if (error instanceof EntryGone) return null;
    throw error;
  }
  await progress({ bytesSent: total, youtubeVideoId: state.videoId }).catch((error: unknown) => {
    if (!(error instanceof EntryGone)) throw error;
  });
  return { videoId: state.videoId, access, target };
}

class EntryGone extends Error {}

/** The video, once it is finished: a single-frame upload may wait for its render. */
async function finishedTarget(
  context: PublishingContext,
  entry: UploadRow,
  signal: AbortSignal,
): Promise<ResolvedTarget> {
  for (;;) {
    const target = await targetOfUpload(context, entry);
    if (!target) throw new UploadFailed('The video was deleted before it could be published.');
    if (target.view.state === 'failed')
      throw new UploadFailed('The video failed to render, so there was nothing to publish.');
    if (target.view.state === 'ready' && target.videoKey) return target;
    await sleep(RENDER_WAIT_MS, signal);
  }
}

function reasonFor(error: YouTubeError, entry: UploadRow): string {
  if (error.kind === 'revoked') {
    return `Google no longer accepts Waveframe’s access to ${entry.channelTitle}. Connect the channel again on Connected accounts, then publish once more.`;
  }
  return error.message;
}

function metadataOf(entry: UploadRow) {
  const config = entry.uploadConfig;
  return {
    title: config.title,
    description: config.description,
    tags: config.tags,
    categoryId: config.category_id,
    privacyStatus: config.privacy,
    publishAt: config.publish_at,
    madeForKids: config.made_for_kids,
  };
}

/** Bytes [start, end) of a stored object. */
async function readRange(storage: Storage, key: string, start: number, end: number) {
  return readAll(await storage.get(key, { start, end: end - 1 }));
}

/** Sets the chosen thumbnail; answers 'SET', null (none chosen) or why YouTube did not take it. */
async function setThumbnail(
  context: PublishingContext,
  entry: UploadRow,
  { videoId, access, target }: Sent,
  log: PublishingContext['log'],
): Promise<string | null> {
  if (entry.uploadConfig.thumbnail.source === 'none') return null;
  try {
    const image = await thumbnailBytes(context, entry, target);
    if (!image) return 'There was no thumbnail to set, so YouTube picked one.';
    await access.setThumbnail(videoId, image, 'image/jpeg');
    return 'SET';
  } catch (error) {
    log.warn({ err: error }, 'youtube thumbnail not set');
    const why = error instanceof YouTubeError ? error.message : 'it could not be prepared';
    return `The video is published, but YouTube did not take the thumbnail (${why.replace(/\.$/, '')}).`;
  }
}

/**
 * Adds the lyrics the video shows as a caption track in the chosen language; answers 'SET', null
 * (none asked for) or why YouTube did not take it. The video stays published either way.
 */
async function addCaptions(
  entry: UploadRow,
  { videoId, access, target }: Sent,
  log: PublishingContext['log'],
): Promise<string | null> {
  // Entries queued before lyrics existed have no lyrics choice.
  const language = (entry.uploadConfig.lyrics ?? NO_LYRICS).captions_language;
  if (language === null) return null;
  try {
    if (!target.lyrics) return 'The video no longer shows lyrics, so no captions were added.';
    await access.insertCaption(videoId, { language, name: CAPTIONS_NAME }, toSrt(target.lyrics));
    return 'SET';
  } catch (error) {
    // An attempt that ended after adding them (before SUCCESS was saved) left them there.
    if (error instanceof YouTubeError && error.reason === 'captionExists') return 'SET';
    log.warn({ err: error }, 'youtube captions not added');
    const why =
      error instanceof YouTubeError || error instanceof LyricsError
        ? error.message
        : 'they could not be prepared';
    return `The video is published, but YouTube did not take the captions (${why.replace(/\.$/, '')}).`;
  }
}

/**
 * The chosen picture as a JPEG YouTube takes: 1280x720 at most, under 2 MB. Our render
 * thumbnails already are 16:9; a library image is cut to it.
 */
async function thumbnailBytes(
  context: PublishingContext,
  entry: UploadRow,
  target: ResolvedTarget,
): Promise<Buffer | null> {
  const choice = entry.uploadConfig.thumbnail;
  let source: Buffer;
  if (choice.source === 'image') {
    const image = await findImage(context.db, entry.userUuid, choice.image_uuid);
    if (!image || image.status !== 'COMPLETE') return null;
    const key = image.displayKey ?? imageKeys(image.userUuid, image.imageUuid).original;
    source = await readAll(await context.storage.get(key));
  } else {
    if (!target.thumbnailKey) return null;
    source = await readAll(await context.storage.get(target.thumbnailKey));
  }
  // Already what YouTube takes (a kit's titled thumbnail): sent as it is, not encoded again.
  const { format, width, height } = await sharp(source).metadata();
  if (format === 'jpeg' && width === 1280 && height === 720 && source.length <= THUMBNAIL_MAX_BYTES)
    return source;
  for (const quality of [88, 75, 60]) {
    const jpeg = await sharp(source)
      .resize(1280, 720, { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (jpeg.length <= THUMBNAIL_MAX_BYTES) return jpeg;
  }
  return null;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function finish(
  context: PublishingContext,
  entry: UploadRow,
  outcome:
    | {
        status: 'SUCCESS';
        youtubeVideoId: string;
        thumbnailResult: string | null;
        captionsResult: string | null;
      }
    | { status: 'FAILED'; reason: string },
): Promise<void> {
  const changed = await updatePendingUpload(context.db, entry.entryUuid, {
    ...outcome,
    finishedAt: new Date(),
  });
  if (changed) await mailUploadFinished(context, entry, outcome);
}

async function mailUploadFinished(
  context: PublishingContext,
  entry: UploadRow,
  outcome: { status: 'SUCCESS'; youtubeVideoId: string } | { status: 'FAILED'; reason: string },
): Promise<void> {
  try {
    const user = await findUserById(context.db, entry.userUuid);
    if (!user?.emailPrefs.renderFinished) return;
    const title = entry.uploadConfig.title;
    const ok = outcome.status === 'SUCCESS';
    await context.queue.send(
      'send-mail',
      notificationMail({
        to: user.email,
        subject: ok
          ? `Published on YouTube: ${title}`
          : `Your video could not be published: ${title}`,
        paragraphs: ok
          ? [`"${title}" is on your channel ${entry.channelTitle} now.`]
          : [
              `We could not publish "${title}" to your channel ${entry.channelTitle}.`,
              `Why: ${outcome.reason}`,
            ],
        label: ok ? 'See your upload' : 'See what happened',
        url: `${context.config.appUrl}/media/upload/${entry.entryUuid}/progress`,
        footer: 'You get this e-mail because render e-mails are on in your e-mail preferences.',
      }),
    );
  } catch (error) {
    context.log.warn({ err: error, entryUuid: entry.entryUuid }, 'upload mail could not be queued');
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
