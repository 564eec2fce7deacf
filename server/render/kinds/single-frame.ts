// A single-frame video draws its picture once and ffmpeg encodes that still once, at about one
// frame a second, against the audio: no per-frame drawing, and AAC input is copied.

import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { drawFrame } from '../../../core/render/renderer';
import { loopCopyArgs, stillAudioArgs, stillClipArgs } from '../../repositories/ffmpeg/encode-args';
import { canvasPixels, createNodeSurface } from '../canvas-host';
import { prepare } from '../input-checks';
import { progressReporter } from '../progress';
import { abortError } from '../render-types';
import { runEncoder } from '../run-encoder';
import { stillVideoSeconds } from '../still-length';
import { requireAudio, type RenderKindModule } from './render-kind';

/** Frames a second of a single-frame video: one picture, held (see stillFrameRate). */
const STILL_TARGET_FPS = 1;
/**
 * Frames of the clip a single-frame video repeats: its keyframe comes back every ~30 s, so
 * players seek quickly, and a one-hour video holds 120 of them.
 */
const STILL_CLIP_FRAMES = 30;

/**
 * A frame rate near STILL_TARGET_FPS that fits a whole number of frames into the duration, so
 * the held picture ends with the audio (a rational, e.g. 196/195.5 s → "196000/195500").
 */
export function stillFrameRate(durationSeconds: number): { rate: string; frames: number } {
  const frames = Math.max(1, Math.round(durationSeconds * STILL_TARGET_FPS));
  const millis = Math.max(1, Math.round(durationSeconds * 1000));
  return { rate: `${frames * 1000}/${millis}`, frames };
}

/** The clip to repeat: the first frames of the video, at its rate. */
function clipOf(still: { rate: string; frames: number }) {
  return { rate: still.rate, frames: Math.min(still.frames, STILL_CLIP_FRAMES) };
}

export const singleFrameKind: RenderKindModule = {
  kind: 'single-frame',
  hasAudio: true,
  /**
   * The picture is drawn once and encoded once, as a short clip (one keyframe, then frames that
   * only refine it); the clip is then repeated by copying its packets for the whole length,
   * against the audio (AAC copied). Nothing is drawn or encoded per frame. Audio that must
   * become AAC is encoded meanwhile by its own ffmpeg, on the other core.
   */
  async render({ checked, input, audio, partial, options }) {
    // One picture: drawn as it always was, without the track's analysis.
    const prepared = await prepare({ ...checked, analysis: null }, input);
    const audioPath = input.audioPath;
    const { width, height } = checked.settings;
    const duration = checked.durationSeconds;
    // Progress counts frames of the given length; the video takes the exact one (still-length.ts).
    const { frames } = stillFrameRate(duration);
    const id = randomBytes(6).toString('hex');
    const clip = path.join(options.tmpDir, `still-${id}.mp4`);
    const copyAudio = requireAudio(audio).codec_name === 'aac';
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
      const exact = stillVideoSeconds(
        options.ffmpeg,
        duration,
        checked.analysis !== null,
        requireAudio(audio),
        audioPath,
        inner.signal,
      );
      const encodeAudio = copyAudio
        ? Promise.resolve()
        : runEncoder(innerOptions, stillAudioArgs(audioPath, duration, aacFile), [], (p) =>
            report(p.outSeconds * 0.95),
          );
      const encodeClip = (async () => {
        const surface = createNodeSurface(width, height);
        drawFrame(surface.ctx, prepared, 0);
        const { rate, frames: clipFrames } = clipOf(stillFrameRate(await exact));
        await runEncoder(
          innerOptions,
          stillClipArgs({ width, height, rate, clipFrames, outFile: clip }),
          [canvasPixels(surface.canvas)],
        );
      })();
      await Promise.all([
        encodeAudio.catch(stopOnFailure),
        encodeClip.catch(stopOnFailure),
        exact.catch(stopOnFailure),
      ]);
      const length = await exact;
      const still = stillFrameRate(length);
      await runEncoder(
        innerOptions,
        loopCopyArgs({
          clip,
          rate: still.rate,
          frames: still.frames,
          clipFrames: clipOf(still).frames,
          aacFile,
          durationSeconds: length,
          outFile: partial,
        }),
        [],
        (p) =>
          report(copyAudio ? p.outSeconds : duration * (0.95 + (0.05 * p.outSeconds) / duration)),
      );
      await progress.finish();
      return still.frames;
    } catch (error) {
      if (options.signal?.aborted) throw abortError(options.signal);
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      await rm(clip, { force: true });
      if (!copyAudio) await rm(aacFile, { force: true });
    }
  },
  /** One picture: the thumbnail shows it. */
  thumbnailTime: () => 0,
};
