// Release kits (issue 26): one track and one look made into the full 16:9 video, the hook at
// 9:16 and 1:1 or 4:5, a Canvas of the hook and a titled thumbnail. A kit is a row with its
// plan (core/render/release-kit.ts) and its parts are ordinary renders of the one render job,
// charged on the one credit ledger in one transaction, so a kit short of credits queues nothing
// and a part that fails gives its credit back like any render.

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { z } from 'zod';
import type { Lyrics } from '../../../core/lyrics/lyrics';
import {
  HOOK_MAX_SECONDS,
  HOOK_MIN_SECONDS,
  hookFromStart,
  type HookSection,
} from '../../../core/audio-analysis/hook';
import { CANVAS_DEFAULT_FPS } from '../../../core/render/canvas-loop';
import type { KitHook, KitHookResponse, KitPrice } from '../../../core/render/kit-api-types';
import { kitPrice, shortfallText } from '../../../core/render/kit-price';
import {
  FEED_SHAPES,
  KIT_OUTPUTS,
  kitManifest,
  kitSlug,
  planKit,
  type KitOutput,
  type KitPart,
} from '../../../core/render/release-kit';
import { videoFrameCount } from '../../../core/render/scene';
import { AppError, invalidData } from '../../errors/app-error';
import { RateLimiter } from '../../repositories/rate-limiter';
import { StorageNotFoundError } from '../../repositories/storage/storage';
import { readSharedBytesOfSize } from '../../render/shared-bytes';
import type { AudioRow } from '../../repositories/audios.repository';
import { findImage } from '../../repositories/images.repository';
import {
  findUserKit,
  insertKit,
  kitRenders,
  listUserKits,
  type KitRow,
} from '../../repositories/release-kits.repository';
import { insertRender } from '../../repositories/renders.repository';
import { creditBalance, findPlan, type UserRow } from '../../repositories/users.repository';
import { chargeRenderCredit } from './credits.service';
import { configurationSchema, resolveConfiguration } from './render-config';
import { HOOK_CALLS_PER_USER, type HookSearch } from './hook-search';
import { partFileKey, renderOfPart } from './kit-view';
import { allowedByPlan } from './plan-gate';
import { loadAnalysis, RenderRejected } from './render-inputs';
import { admitRenders, withQueuePlaces } from './render-slots.service';
import {
  checkImages,
  readyAudio,
  settleAbandoned,
  timedLyricsOf,
  type RenderContext,
} from './renders.service';

/** The Canvas template of a kit: a slow zoom on the artwork, else drifting light. */
const CANVAS_WITH_IMAGE = 'slow-zoom';
const CANVAS_WITHOUT_IMAGE = 'drifting-particles';

const audioId = z.uuid({ error: 'audio_uuid must be an audio id' });
const hookSeconds = z
  .number()
  .min(HOOK_MIN_SECONDS, {
    error: `A hook lasts ${HOOK_MIN_SECONDS} to ${HOOK_MAX_SECONDS} seconds`,
  })
  .max(HOOK_MAX_SECONDS, {
    error: `A hook lasts ${HOOK_MIN_SECONDS} to ${HOOK_MAX_SECONDS} seconds`,
  });
const kitOutputs = z
  .array(z.enum(KIT_OUTPUTS, { error: `outputs are ${KIT_OUTPUTS.join(', ')}` }))
  .min(1, { error: 'Choose at least one output' })
  .max(KIT_OUTPUTS.length);

export const kitHookQuery = z.object({
  audio_uuid: audioId,
  start_seconds: z.coerce.number().min(0).optional(),
  seconds: z.coerce.number().pipe(hookSeconds).optional(),
});

export const kitPriceQuery = z.object({
  outputs: z
    .string()
    .max(200)
    .optional()
    .transform((text) => (text ? text.split(',').map((word) => word.trim()) : [...KIT_OUTPUTS]))
    .pipe(kitOutputs),
});

export const createKitBody = z.object({
  audio_uuid: audioId,
  configuration: configurationSchema,
  outputs: kitOutputs.optional(),
  hook_start_seconds: z.number().min(0).optional(),
  hook_seconds: hookSeconds.optional(),
  feed: z.enum(Object.keys(FEED_SHAPES) as ['1:1', '4:5']).optional(),
});
export type CreateKitBody = z.infer<typeof createKitBody>;

const kitId = z.uuid();

/** The user's kit, or 404 NotFound (another user's id is no different). */
export async function requireKit(
  context: Pick<RenderContext, 'db'>,
  user: UserRow,
  id: string,
): Promise<KitRow> {
  const lower = id.toLowerCase();
  const kit = kitId.safeParse(lower).success
    ? await findUserKit(context.db, user.userUuid, lower)
    : undefined;
  if (!kit) throw new AppError(404, 'NotFound', 'No such release kit.');
  return kit;
}

/** The track, ready, with its analysis: 404 AudioNotFound, 409 AudioNotReady. */
async function analysedTrack(context: RenderContext, user: UserRow, audioUuid: string) {
  const audio = await readyAudio(context, user, audioUuid);
  const analysis = await loadAnalysis(context, audio.analysisKey).catch((error: unknown) => {
    if (error instanceof RenderRejected) throw new AppError(409, 'AudioNotReady', error.message);
    throw error;
  });
  return { audio, analysis };
}

const analysisDamaged =
  'The analysis of this track is missing or damaged: upload the track again, then render.';

/**
 * The hook the music proposes, or whole bars from the bar line nearest `startSeconds`, with the
 * bar lines and the waveform: from the answer kept for the track, else searched off the event
 * loop (hook-search.ts) in the analysis `load` gives.
 */
async function hookOf(
  hooks: HookSearch,
  analysisKey: string | null,
  load: () => Promise<Uint8Array>,
  startSeconds?: number,
  targetSeconds?: number,
) {
  if (!analysisKey) throw new AppError(409, 'AudioNotReady', analysisDamaged);
  const found = await hooks.hooksOf(analysisKey, load);
  const proposed = found.proposed(targetSeconds);
  const hook =
    startSeconds === undefined ? proposed : hookFromStart(found.grid, startSeconds, targetSeconds);
  return { ...found, proposed, hook };
}

/** The stored analysis file's bytes, in shared memory for the search's thread. */
async function analysisBytes(context: Pick<RenderContext, 'storage'>, key: string) {
  try {
    const stored = await context.storage.stat(key);
    if (!stored) throw new AppError(409, 'AudioNotReady', analysisDamaged);
    return await readSharedBytesOfSize(await context.storage.get(key), stored.size);
  } catch (error) {
    if (error instanceof StorageNotFoundError)
      throw new AppError(409, 'AudioNotReady', analysisDamaged);
    throw error;
  }
}

/** 429 with the reason and when to ask again. */
const tooManyHookCalls = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'TooManyRequests',
    `Too many hook requests: at most ${HOOK_CALLS_PER_USER.max} a minute. Try again in ${Math.max(1, retryAfterSeconds)} seconds.`,
    { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
  );

const round3 = (seconds: number) => Math.round(seconds * 1000) / 1000;
const hookView = (hook: HookSection): KitHook => ({
  start_seconds: round3(hook.startSeconds),
  end_seconds: round3(hook.endSeconds),
  bars: hook.bars,
});

/**
 * GET hook: the proposed hook, the one asked for, the bar lines and the waveform. Each call
 * counts against the user's HOOK_CALLS_PER_USER; the analysis is read only when the track's
 * answer is not kept yet.
 */
export async function trackHook(
  context: RenderContext,
  hooks: HookSearch,
  user: UserRow,
  query: z.infer<typeof kitHookQuery>,
): Promise<KitHookResponse> {
  const limit = await new RateLimiter(context.db).hit(
    `kit-hook:${user.userUuid}`,
    HOOK_CALLS_PER_USER,
  );
  if (!limit.allowed) throw tooManyHookCalls(limit.retryAfterSeconds);
  const audio = await readyAudio(context, user, query.audio_uuid);
  if (query.start_seconds !== undefined && query.start_seconds >= audio.durationSeconds)
    throw invalidData('The hook must start inside the track');
  const key = audio.analysisKey;
  const found = await hookOf(
    hooks,
    key,
    () => analysisBytes(context, key!),
    query.start_seconds,
    query.seconds,
  );
  return {
    audio_uuid: audio.audioUuid,
    duration_seconds: round3(found.durationSeconds),
    bpm: found.bpm,
    bar_lines: found.grid.bars.map(round3),
    proposed: hookView(found.proposed),
    hook: hookView(found.hook),
    fade_seconds: round3(found.fadeSeconds),
    peaks: found.peaks,
  };
}

/** GET price: the kit of these outputs and whether the user's credits cover it. */
export async function priceOfKit(
  context: Pick<RenderContext, 'db'>,
  user: UserRow,
  outputs: readonly KitOutput[],
): Promise<KitPrice> {
  const plan = await findPlan(context.db, user.userUuid);
  const viz = plan?.unlimitedViz ? null : await creditBalance(context.db, user.userUuid, 'viz');
  const canvas = plan?.unlimitedCanvas
    ? null
    : (await creditBalance(context.db, user.userUuid, 'canvas')) + (plan?.canvasCreditsFree ?? 0);
  return kitPrice(outputs, { viz, canvas });
}

/** 402 NoCreditsRemaining naming what the kit needs and what the user has. */
const kitTooDear = (price: KitPrice) =>
  new AppError(402, 'NoCreditsRemaining', shortfallText(price));

/**
 * POST: plans the kit (the hook found in the music unless a start is given), checks the look,
 * what the plan renders (403, as for any render), the pictures and the price (402 before
 * anything is stored when credits are short), then in one transaction stores the kit and one
 * charged render per video part; the parts then wait for the user's render slots like any render
 * and run side by side as those allow.
 */
export async function createKit(
  context: RenderContext,
  hooks: HookSearch,
  user: UserRow,
  body: CreateKitBody,
): Promise<KitRow> {
  const outputs = KIT_OUTPUTS.filter((output) => (body.outputs ?? KIT_OUTPUTS).includes(output));
  if (outputs.includes('thumbnail') && !outputs.includes('full'))
    throw invalidData('The thumbnail is made with the full video: keep the full video on for it.');
  const { audio, analysis } = await analysedTrack(context, user, body.audio_uuid);
  if (body.hook_start_seconds !== undefined && body.hook_start_seconds >= audio.durationSeconds)
    throw invalidData('The hook must start inside the track');
  const { hook, fadeSeconds } = await hookOf(
    hooks,
    audio.analysisKey,
    async () => analysis.bytes,
    body.hook_start_seconds,
    body.hook_seconds,
  );
  const configuration = await withTrackRelease(context, user, body.configuration, audio);
  const title = configuration.title || audio.fileName.replace(/\.[^.]+$/, '') || 'Release kit';
  const feed = body.feed ?? '4:5';
  const parts = planKit({
    analysis,
    hook,
    fadeSeconds,
    feed,
    outputs,
    name: title,
    canvasFps: CANVAS_DEFAULT_FPS,
  });
  const lyrics = await timedLyricsOf(context, audio.audioUuid, configuration.lyrics_style);
  const planned = parts.flatMap((part) => {
    const resolved = settingsOfPart(part, configuration, lyrics);
    return resolved ? [{ part, ...resolved }] : [];
  });
  // Each part is a render: what the plan renders is checked for each, as for any render (403
  // before anything is stored or charged).
  const allowed = await allowedByPlan(
    context.db,
    user.userUuid,
    planned.map(({ settings }) => settings),
  );
  const renders = planned.map((each, index) => ({ ...each, settings: allowed[index]! }));
  for (const { imageIds } of renders) await checkImages(context, user, imageIds);
  const price = await priceOfKit(context, user, outputs);
  if (!price.enough) throw kitTooDear(price);

  const kit = await context.db.transaction(async (tx) => {
    const row = await insertKit(tx, {
      id: randomUUID(),
      userUuid: user.userUuid,
      audioUuid: audio.audioUuid,
      audioFileName: audio.fileName,
      title,
      artist: configuration.artist ?? '',
      template: configuration.template,
      feed,
      bpm: analysis.summary.bpm,
      hookStartSeconds: hook.startSeconds,
      hookEndSeconds: hook.endSeconds,
      hookBars: hook.bars,
      fadeSeconds,
      parts,
    });
    let discount = price.discount_viz;
    // The parts wait for the user's render slots in the plan's order, the longest first.
    const queuedAt = Date.now();
    for (const [index, { part, settings, imageIds }] of renders.entries()) {
      const id = randomUUID();
      const free = settings.kind !== 'canvas' && discount > 0;
      if (free) discount--;
      else await chargeRenderCredit(tx, user.userUuid, id, settings.kind);
      await insertRender(tx, {
        id,
        userUuid: user.userUuid,
        kind: settings.kind,
        template: settings.template,
        settings,
        audioUuid: audio.audioUuid,
        audioFileName: audio.fileName,
        durationSeconds: part.seconds,
        imageIds,
        status: 'QUEUED',
        framesTotal: settings.loop?.frames ?? videoFrameCount(part.seconds, settings.fps),
        jobId: id,
        createdAt: new Date(queuedAt + index),
        kitId: row.id,
        kitOutput: part.output,
        // The hook clips are a section of the track; the full video and the Canvas are not.
        section:
          part.output === 'vertical' || part.output === 'feed'
            ? {
                startSeconds: part.audio.startSeconds,
                endSeconds: part.audio.endSeconds,
                fadeSeconds: part.fadeSeconds,
              }
            : null,
      });
    }
    return row;
  });
  await admitRenders(context, user.userUuid);
  context.log.info({ kitId: kit.id, outputs }, 'release kit queued');
  return kit;
}

/**
 * The kit starts from what the library knows about the track: where the request leaves them out,
 * the title and artists of its tags, and its artwork (the cover of its tags, or the picture the
 * user gave it) as the album art once that picture is processed. An empty artist or a null album
 * art is the user's choice and stays; an empty title does not, as the title names the files.
 */
async function withTrackRelease(
  context: Pick<RenderContext, 'db'>,
  user: UserRow,
  configuration: CreateKitBody['configuration'],
  audio: Pick<AudioRow, 'title' | 'artists' | 'artworkImageUuid'>,
): Promise<CreateKitBody['configuration']> {
  const artwork =
    configuration.album_art_image_uuid === undefined && audio.artworkImageUuid
      ? await findImage(context.db, user.userUuid, audio.artworkImageUuid)
      : undefined;
  const title = configuration.title || audio.title;
  const artist = configuration.artist ?? audio.artists;
  return {
    ...configuration,
    ...(title ? { title } : {}),
    ...(artist ? { artist } : {}),
    ...(artwork?.status === 'COMPLETE' ? { album_art_image_uuid: artwork.imageUuid } : {}),
  };
}

/** A part's settings: the visualizer at the part's size, or the Canvas; none for the thumbnail. */
function settingsOfPart(
  part: KitPart,
  configuration: CreateKitBody['configuration'],
  lyrics: Lyrics | undefined,
) {
  if (part.output === 'thumbnail') return null;
  if (part.output === 'canvas') {
    const artwork = configuration.album_art_image_uuid ?? configuration.background_image_uuid;
    return resolveConfiguration(
      'canvas',
      {
        ...configuration,
        template: artwork ? CANVAS_WITH_IMAGE : CANVAS_WITHOUT_IMAGE,
        width: part.width,
        height: part.height,
        fps: CANVAS_DEFAULT_FPS,
        album_art_image_uuid: artwork ?? null,
        background_image_uuid: artwork ?? null,
        // Spotify shows the lyrics beside a Canvas itself.
        lyrics_style: null,
      },
      { ...(part.loop ? { loop: part.loop } : {}) },
    );
  }
  return resolveConfiguration(
    'visualizer',
    { ...configuration, width: part.width, height: part.height },
    lyrics ? { lyrics } : {},
  );
}

/** The user's kits, newest first, each with its parts (abandoned ones settled). */
export async function listKits(context: RenderContext, user: UserRow) {
  const kits = await listUserKits(context.db, user.userUuid);
  return withParts(context, kits);
}

/** One kit of the user with its parts. */
export async function getKit(context: RenderContext, user: UserRow, id: string) {
  const [found] = await withParts(context, [await requireKit(context, user, id)]);
  return found!;
}

async function withParts(context: RenderContext, kits: KitRow[]) {
  const rows = await withQueuePlaces(
    context,
    await settleAbandoned(
      context,
      await kitRenders(
        context.db,
        kits.map((kit) => kit.id),
      ),
    ),
  );
  return kits.map((kit) => ({
    kit,
    renders: rows.filter((row) => row.kitId === kit.id),
  }));
}

/** One finished file of the kit: its stored key, its name in the kit and its type. */
export async function kitFile(
  context: RenderContext,
  user: UserRow,
  id: string,
  output: string,
): Promise<{ key: string; name: string; contentType: string }> {
  const { kit, renders } = await getKit(context, user, id);
  const part = kit.parts.find((p) => p.output === output);
  const key = part ? partFileKey(part, renderOfPart(part, renders)) : null;
  if (!part || !key) throw new AppError(404, 'NotFound', 'This file of the kit is not ready.');
  return { key, name: part.file, contentType: contentTypeOf(part) };
}

const contentTypeOf = (part: KitPart) => (part.output === 'thumbnail' ? 'image/jpeg' : 'video/mp4');

/** Why a ZIP stopped when its reader (the response) closed before the archive's end. */
class DownloadEnded extends Error {
  constructor() {
    super('the download ended before the ZIP did');
  }
}

/** ZIPs this process is building now: each ends when its download ends, however it ends. */
let zipsBuilding = 0;
export const kitZipsBuilding = () => zipsBuilding;

/**
 * The kit's finished files and its kit.json as one ZIP, streamed: each file is read from storage
 * only when the archive reaches it, and stored as it is (video and JPEG do not compress).
 *
 * Whoever destroys the archive (Fastify does, when the client goes away mid-download) stops the
 * task that fills it: the file being read is closed (on S3, its socket goes back to the shared
 * client) and the task ends, rather than waiting forever for an archive nobody reads.
 */
export async function kitZip(
  context: RenderContext,
  user: UserRow,
  id: string,
): Promise<{ name: string; archive: Readable }> {
  const { kit, renders } = await getKit(context, user, id);
  const files = kit.parts.flatMap((part) => {
    const key = partFileKey(part, renderOfPart(part, renders));
    return key ? [{ part, key }] : [];
  });
  if (files.length === 0) throw new AppError(404, 'NotFound', 'No file of this kit is ready yet.');
  const archive = new ZipArchive({ store: true });
  const manifest = kitManifest(
    files.map(({ part }) => part),
    {
      file: kit.audioFileName,
      seconds: kit.parts.find((part) => part.output === 'full')?.seconds ?? kit.hookEndSeconds,
      bpm: kit.bpm,
    },
    { startSeconds: kit.hookStartSeconds, endSeconds: kit.hookEndSeconds, bars: kit.hookBars },
  );
  // The archive closes once its reader is done with it, whole or not; an error ends it too.
  const stopped = new AbortController();
  archive.once('close', () => stopped.abort(new DownloadEnded()));
  // Kept for the archive's life, so that no late error of it is an uncaught one.
  archive.on('error', (error: Error) => stopped.abort(error));
  const whenStopped = new Promise<never>((_resolve, reject) =>
    stopped.signal.addEventListener('abort', () => reject(stopped.signal.reason as Error)),
  );
  whenStopped.catch(() => {});
  zipsBuilding++;
  void (async () => {
    let reading: Readable | undefined;
    try {
      for (const { part, key } of files) {
        stopped.signal.throwIfAborted();
        reading = await context.storage.get(key);
        stopped.signal.throwIfAborted();
        const entry = once(archive, 'entry', { signal: stopped.signal });
        archive.append(reading, { name: part.file });
        await entry;
        reading = undefined;
      }
      archive.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: 'kit.json' });
      await Promise.race([archive.finalize(), whenStopped]);
    } catch (error) {
      reading?.destroy();
      const cause: unknown = stopped.signal.aborted ? stopped.signal.reason : error;
      if (cause instanceof DownloadEnded) {
        context.log.info({ kitId: kit.id }, 'kit zip stopped: its download ended early');
        // Archiver lets go of the entries it still had queued.
        archive.abort();
      } else {
        context.log.warn({ err: cause, kitId: kit.id }, 'kit zip stopped');
        archive.destroy(cause instanceof Error ? cause : new Error(String(cause)));
      }
    } finally {
      zipsBuilding--;
    }
  })();
  return { name: `${kitSlug(kit.title)}-release-kit.zip`, archive };
}
