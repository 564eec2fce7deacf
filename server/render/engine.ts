// The render engine: one scene from core's renderer, drawn with @napi-rs/canvas and encoded by
// ffmpeg into the one output format (H.264 High yuv420p, AAC-LC 48 kHz or the source's AAC
// copied, MP4 fast start).
//
// A visualizer draws every frame and streams its raw pixels into ffmpeg's stdin; ffmpeg encodes
// in its own process while Node draws the next frame, and each frame waits until ffmpeg has
// taken the one before, so at most two frames are alive whatever the track's length. That loop
// runs in a worker thread holding only the render modules (visualizer-worker.ts says why).
// A single-frame video draws its picture once and ffmpeg encodes that still once, at about one
// frame a second, against the audio: no per-frame drawing, and AAC input is copied.

import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { access, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import type { Canvas2D } from '../../core/render/canvas-2d';
import { featuresAt } from '../../core/render/features';
import {
  checkSettings,
  drawFrame,
  findTemplate,
  prepareScene,
  type PreparedScene,
} from '../../core/render/renderer';
import {
  ASPECTS,
  IMAGE_SLOTS,
  videoFrameCount,
  type ImageSlot,
  type SceneImages,
  type SceneSettings,
} from '../../core/render/scene';
import type { Ffmpeg, ProbeStream } from '../repositories/ffmpeg/ffmpeg';
import {
  createNodeSurface,
  loadNodeImage,
  nodeRenderHost,
  unreadableImageMessage,
} from './canvas-host';
import { audioCodecArgs, containerArgs, rawFrameInputArgs, videoCodecArgs } from './encode-args';
import { ffmpegBinary, startFfmpeg, type FfmpegProgress } from './ffmpeg-process';
import { ProcessError } from '../repositories/ffmpeg/run-process';
import type { VisualizerMessage, VisualizerWork } from './visualizer-worker';
import { registerRenderFonts } from './fonts';
import { toSharedBytes } from './shared-bytes';

export interface RenderJobInput {
  /** Checked with checkSettings. */
  settings: SceneSettings;
  /** Local file of the audio to mux (the original upload). */
  audioPath: string;
  /** The audio's duration: the video's length. */
  durationSeconds: number;
  /**
   * Decoded WFA1 for visualizers; null for single-frame (given there too, only its exact
   * duration is used).
   */
  analysis: Analysis | null;
  /** Local image files by slot. */
  imagePaths: Partial<Record<ImageSlot, string>>;
}

export interface RenderProgress {
  framesDone: number;
  framesTotal: number;
  /** 0..1 */
  fraction: number;
  /** Seconds left, null while unknown (the first moments) and at the end. */
  etaSeconds: number | null;
}

export interface RenderOptions {
  /** The AppContext's ffmpeg repository. */
  ffmpeg: Ffmpeg;
  tmpDir: string;
  /** Abort → ffmpeg killed, partial output removed, the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /** Called at most about once per second, and at 100 %. */
  onProgress?: (progress: RenderProgress) => void | Promise<void>;
}

/** Bad input (unreadable image or audio, bad settings): the render fails, retrying cannot help. */
export class RenderInputError extends Error {
  override name = 'RenderInputError';
}

/** Width of the thumbnail JPEG. */
export const THUMBNAIL_WIDTH = 640;
/** Frames a second of a single-frame video: one picture, held (see stillFrameRate). */
const STILL_TARGET_FPS = 1;
/**
 * Frames of the clip a single-frame video repeats: its keyframe comes back every ~30 s, so
 * players seek quickly, and a one-hour video holds 120 of them.
 */
const STILL_CLIP_FRAMES = 30;
const PROGRESS_INTERVAL_MS = 1000;

interface CheckedInput {
  settings: SceneSettings;
  analysis: Analysis | null;
  durationSeconds: number;
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The render was cancelled', 'AbortError');
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** Checks what does not need ffmpeg: settings, duration, analysis (images: see decodeImages). */
async function checkInput(input: RenderJobInput, anySize = false): Promise<CheckedInput> {
  const template = findTemplate(input.settings.kind, input.settings.template);
  const offered = template && anySize ? ASPECTS[template.aspects[0]!] : null;
  const checked = checkSettings(offered ? { ...input.settings, ...offered } : input.settings);
  if (!checked.ok) throw new RenderInputError(checked.reason);
  if (anySize && (input.settings.width % 2 !== 0 || input.settings.height % 2 !== 0)) {
    throw new RenderInputError('Width and height must be even.');
  }
  const { settings } = input;
  if (!Number.isFinite(input.durationSeconds) || input.durationSeconds <= 0) {
    throw new RenderInputError('The audio has no duration: it may be empty or damaged.');
  }
  if (settings.kind === 'visualizer' && !input.analysis) {
    throw new RenderInputError("The track's analysis is missing: process the audio first.");
  }
  if (!Number.isInteger(settings.seed)) {
    throw new RenderInputError('The seed must be a whole number.');
  }
  // The analysis measured the decoded length exactly; a container's duration can be an
  // estimate (an MP3's includes its encoder padding, ~50 ms, or worse without a Xing header).
  const measured = input.analysis?.summary.durationSeconds ?? 0;
  return {
    settings,
    analysis: input.analysis,
    durationSeconds: measured > 0 ? measured : input.durationSeconds,
  };
}

/** The audio stream of the file, or a RenderInputError saying the file is not usable audio. */
async function probeAudio(ffmpeg: Ffmpeg, file: string, signal?: AbortSignal) {
  try {
    await access(file);
  } catch {
    throw new RenderInputError('The audio file is missing.');
  }
  let stream: ProbeStream | undefined;
  try {
    const probe = await ffmpeg.probe(file, signal);
    stream = probe.streams.find((candidate) => candidate.codec_type === 'audio');
  } catch (error) {
    throwIfAborted(signal);
    if (error instanceof RenderInputError) throw error;
  }
  if (!stream) throw new RenderInputError('The audio file could not be read: it is not audio.');
  return stream;
}

/**
 * Decodes the input's images (a RenderInputError names one that cannot be read). A visualizer's
 * frame thread decodes its own, so a render holds each picture decoded only once.
 */
async function decodeImages(input: RenderJobInput): Promise<SceneImages> {
  const images: SceneImages = {};
  for (const slot of IMAGE_SLOTS) {
    const file = input.imagePaths[slot];
    if (!file) continue;
    try {
      images[slot] = await loadNodeImage(file);
    } catch {
      throw new RenderInputError(unreadableImageMessage(slot));
    }
  }
  return images;
}

async function prepare(checked: CheckedInput, input: RenderJobInput): Promise<PreparedScene> {
  const images = await decodeImages(input);
  registerRenderFonts();
  return prepareScene(nodeRenderHost, {
    settings: checked.settings,
    images,
    analysis: checked.analysis,
  });
}

/** Reports progress at most once a second (and the final 100 %), never two reports at once. */
function progressReporter(
  total: number,
  onProgress: RenderOptions['onProgress'],
): { report(done: number): void; finish(): Promise<void> } {
  const started = performance.now();
  let last = -Infinity;
  let pending: Promise<void> | null = null;
  let failure: unknown = null;
  const send = (done: number) => {
    const elapsed = (performance.now() - started) / 1000;
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const etaSeconds =
      fraction >= 1
        ? null
        : fraction > 0.01 && elapsed > 2
          ? (elapsed / fraction) * (1 - fraction)
          : null;
    const progress = { framesDone: done, framesTotal: total, fraction, etaSeconds };
    pending = Promise.resolve()
      .then(() => onProgress?.(progress))
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        pending = null;
      });
  };
  return {
    report(done) {
      if (failure) throw failure;
      if (!onProgress || pending) return;
      const now = performance.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      send(done);
    },
    async finish() {
      if (pending) await pending;
      if (onProgress) {
        send(total);
        await pending;
      }
      if (failure) throw failure;
    },
  };
}

/** A unique file next to the output: renamed onto it when complete, removed otherwise. */
function partialFile(outFile: string): string {
  return path.join(
    path.dirname(outFile),
    `.${path.basename(outFile)}.${randomBytes(4).toString('hex')}.partial`,
  );
}

/**
 * Starts the frame thread, whose entry sits next to this file: .js once built; .ts under tsx
 * and Vitest, where the thread loads it through tsx's require hook (on Node 20 a worker thread
 * gets no ESM loader hooks, neither the parent's nor its own --import).
 */
function startWorker(work: VisualizerWork): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./visualizer-worker.js', import.meta.url), { workerData: work });
  }
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./visualizer-worker.ts', import.meta.url));
  const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true, workerData: work });
}

function workerError(message: Extract<VisualizerMessage, { type: 'failed' }>): Error {
  if (message.kind === 'input') return new RenderInputError(message.message);
  if (message.kind === 'process') {
    return new ProcessError(message.message, message.exitCode, message.stderrTail);
  }
  return new Error(message.message);
}

/**
 * Draws and encodes every frame in a worker thread (see visualizer-worker.ts for why); this
 * thread reports progress, and on abort or failure kills ffmpeg itself, at once.
 */
async function renderVisualizerFrames(
  checked: CheckedInput,
  input: RenderJobInput,
  audio: ProbeStream,
  partial: string,
  options: RenderOptions,
): Promise<number> {
  const { width, height, fps } = checked.settings;
  const total = videoFrameCount(checked.durationSeconds, fps);
  const ffmpegArgs = [
    ...rawFrameInputArgs(width, height, fps),
    ...['-i', input.audioPath, '-map', '0:v:0', '-map', '1:a:0'],
    ...['-t', checked.durationSeconds.toFixed(6)],
    ...videoCodecArgs(),
    ...audioCodecArgs(audio.codec_name === 'aac'),
    ...containerArgs(),
    partial,
  ];
  const binary = await ffmpegBinary(options.ffmpeg);
  const signal = options.signal;
  throwIfAborted(signal);
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const work: VisualizerWork = {
    settings: checked.settings,
    // Shared memory: the thread reads the analysis without a copy (see shared-bytes.ts).
    analysis: toSharedBytes(checked.analysis!.bytes),
    imagePaths: input.imagePaths,
    frames: total,
    ffmpegBinary: binary,
    ffmpegArgs,
    stop,
  };
  const worker = startWorker(work);
  const progress = progressReporter(total, options.onProgress);
  let ffmpegPid: number | undefined;
  let failure: unknown = null;
  let finished = false;
  const halt = (error: unknown) => {
    failure ??= error;
    Atomics.store(stop, 0, 1);
    if (ffmpegPid !== undefined) {
      try {
        process.kill(ffmpegPid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  const onAbort = () => halt(abortError(signal!));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await new Promise<void>((resolve) => {
      worker.on('message', (message: VisualizerMessage) => {
        if (message.type === 'started') {
          ffmpegPid = message.pid;
          if (failure) halt(failure);
        } else if (message.type === 'progress') {
          try {
            progress.report(message.framesDone);
          } catch (error) {
            halt(error);
          }
        } else if (message.type === 'done') {
          finished = true;
        } else {
          failure ??= workerError(message);
        }
      });
      worker.on('error', (error) => halt(error));
      // The thread ends after its last message: only then is ffmpeg surely gone.
      worker.on('exit', () => {
        if (!finished) halt(new Error('The render thread stopped unexpectedly.'));
        resolve();
      });
    });
    if (signal?.aborted) throw abortError(signal);
    if (failure) throw failure;
    await progress.finish();
    return total;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * A frame rate near STILL_TARGET_FPS that fits a whole number of frames into the duration, so
 * the held picture ends with the audio (a rational, e.g. 196/195.5 s → "196000/195500").
 */
export function stillFrameRate(durationSeconds: number): { rate: string; frames: number } {
  const frames = Math.max(1, Math.round(durationSeconds * STILL_TARGET_FPS));
  const millis = Math.max(1, Math.round(durationSeconds * 1000));
  return { rate: `${frames * 1000}/${millis}`, frames };
}

/** Runs one ffmpeg to its end, killed on abort; frames (raw RGBA) are written to its stdin. */
async function runEncoder(
  options: RenderOptions,
  args: string[],
  frames: Uint8Array[],
  onProgress?: (p: FfmpegProgress) => void,
): Promise<void> {
  const signal = options.signal;
  throwIfAborted(signal);
  const encoder = await startFfmpeg(options.ffmpeg, args, onProgress);
  const onAbort = () => void encoder.kill();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (const frame of frames) await encoder.write(frame);
    await encoder.finish();
    throwIfAborted(signal);
  } catch (error) {
    await encoder.kill();
    if (signal?.aborted) throw abortError(signal);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * A single-frame video: the picture is drawn once and encoded once, as a short clip (one
 * keyframe, then frames that only refine it); the clip is then repeated by copying its packets
 * for the whole length, against the audio (AAC copied). Nothing is drawn or encoded per frame.
 * Audio that must become AAC is encoded meanwhile by its own ffmpeg, on the other core.
 */
async function renderStill(
  prepared: PreparedScene,
  checked: CheckedInput,
  audio: ProbeStream,
  audioPath: string,
  partial: string,
  options: RenderOptions,
): Promise<number> {
  const { width, height } = checked.settings;
  const duration = checked.durationSeconds;
  const { rate, frames } = stillFrameRate(duration);
  const clipFrames = Math.min(frames, STILL_CLIP_FRAMES);
  const id = randomBytes(6).toString('hex');
  const clip = path.join(options.tmpDir, `still-${id}.mp4`);
  const copyAudio = audio.codec_name === 'aac';
  const aacFile = copyAudio ? audioPath : path.join(options.tmpDir, `still-${id}.m4a`);
  const progress = progressReporter(frames, options.onProgress);
  const report = (seconds: number) =>
    progress.report(Math.min(frames, Math.round((seconds / duration) * frames)));

  // One failure stops the other encoder too; the caller's abort stops both.
  const inner = new AbortController();
  const onAbort = () => inner.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const innerOptions = { ...options, signal: inner.signal };
  const stopOnFailure = (error: unknown) => {
    inner.abort(new DOMException('Another encoder failed', 'AbortError'));
    throw error;
  };
  try {
    const encodeAudio = copyAudio
      ? Promise.resolve()
      : runEncoder(
          innerOptions,
          [
            ...['-i', audioPath, '-map', '0:a:0', '-vn', '-t', duration.toFixed(6)],
            ...audioCodecArgs(false),
            ...containerArgs(),
            aacFile,
          ],
          [],
          (p) => report(p.outSeconds * 0.95),
        );
    const encodeClip = (async () => {
      const surface = createNodeSurface(width, height);
      drawFrame(surface.ctx, prepared, 0);
      await runEncoder(
        innerOptions,
        [
          ...rawFrameInputArgs(width, height, rate),
          ...['-vf', `loop=loop=${clipFrames - 1}:size=1:start=0`, '-frames:v', String(clipFrames)],
          ...videoCodecArgs(),
          // No B-frames: the clip then has no reordering delay and repeats seamlessly.
          ...['-tune', 'stillimage', '-bf', '0', '-g', String(clipFrames), '-f', 'mp4', clip],
        ],
        [surface.canvas.data()],
      );
    })();
    await Promise.all([encodeAudio.catch(stopOnFailure), encodeClip.catch(stopOnFailure)]);
    await runEncoder(
      innerOptions,
      [
        ...['-stream_loop', String(Math.ceil(frames / clipFrames) - 1), '-i', clip],
        ...['-i', aacFile, '-map', '0:v:0', '-map', '1:a:0'],
        ...['-t', duration.toFixed(6), '-c:v', 'copy', ...audioCodecArgs(true)],
        ...containerArgs(),
        partial,
      ],
      [],
      (p) =>
        report(copyAudio ? p.outSeconds : duration * (0.95 + (0.05 * p.outSeconds) / duration)),
    );
    await progress.finish();
    return frames;
  } catch (error) {
    if (options.signal?.aborted) throw abortError(options.signal);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await rm(clip, { force: true });
    if (!copyAudio) await rm(aacFile, { force: true });
  }
}

/**
 * Renders the video of the input to outFile (MP4). The file appears only when complete; on
 * failure or abort nothing is left behind.
 */
export function renderVideo(
  input: RenderJobInput,
  outFile: string,
  options: RenderOptions,
): Promise<{ frames: number; durationSeconds: number }> {
  return render(input, outFile, options, false);
}

/**
 * renderVideo at any even size, not only the template's: for benchmarks and memory checks at a
 * reduced size (and 1280x720 figures). Everything else is checked as in renderVideo.
 */
export function renderVideoAnySize(
  input: RenderJobInput,
  outFile: string,
  options: RenderOptions,
): Promise<{ frames: number; durationSeconds: number }> {
  return render(input, outFile, options, true);
}

async function render(
  input: RenderJobInput,
  outFile: string,
  options: RenderOptions,
  anySize: boolean,
): Promise<{ frames: number; durationSeconds: number }> {
  throwIfAborted(options.signal);
  const checked = await checkInput(input, anySize);
  const audio = await probeAudio(options.ffmpeg, input.audioPath, options.signal);
  throwIfAborted(options.signal);
  const partial = partialFile(outFile);
  try {
    const frames =
      checked.settings.kind === 'visualizer'
        ? await renderVisualizerFrames(checked, input, audio, partial, options)
        : await renderStill(
            await prepare(checked, input),
            checked,
            audio,
            input.audioPath,
            partial,
            options,
          );
    await rename(partial, outFile);
    return { frames, durationSeconds: checked.durationSeconds };
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * The time of a representative frame: for a visualizer the moment where the picture reacts
 * most (the smoothed level, plus a little for a beat's accent), looked for ten times a second;
 * a single-frame video has one picture.
 */
export function thumbnailTime(settings: SceneSettings, analysis: Analysis | null): number {
  if (settings.kind !== 'visualizer' || !analysis || analysis.frameCount === 0) return 0;
  const duration = analysis.summary.durationSeconds;
  const margin = Math.min(0.5, duration / 4);
  let best = 0;
  let bestScore = -Infinity;
  for (let t = margin; t <= duration - margin; t += 0.1) {
    const features = featuresAt(analysis, t);
    const score = features.level + 0.25 * features.beat;
    if (score > bestScore) [best, bestScore] = [t, score];
  }
  return best;
}

/** A THUMBNAIL_WIDTH px wide JPEG of a representative frame (see thumbnailTime). */
export async function renderThumbnail(
  input: RenderJobInput,
  outFile: string,
  options: Pick<RenderOptions, 'signal'> = {},
): Promise<void> {
  throwIfAborted(options.signal);
  const checked = await checkInput(input);
  throwIfAborted(options.signal);
  const prepared = await prepare(checked, input);
  const { width, height } = checked.settings;
  const full = createNodeSurface(width, height);
  drawFrame(full.ctx, prepared, thumbnailTime(checked.settings, checked.analysis));
  const thumbHeight = Math.max(1, Math.round((height * THUMBNAIL_WIDTH) / width));
  const thumb = createNodeSurface(THUMBNAIL_WIDTH, thumbHeight);
  const ctx: Canvas2D = thumb.ctx;
  ctx.imageSmoothingEnabled = true;
  ctx.drawImage(full.image, 0, 0, THUMBNAIL_WIDTH, thumbHeight);
  const partial = partialFile(outFile);
  try {
    await writeFile(partial, thumb.canvas.encodeSync('jpeg', 85));
    throwIfAborted(options.signal);
    await rename(partial, outFile);
  } finally {
    await rm(partial, { force: true });
  }
}
