// What every render command's work runs in: the local ffmpeg, a temporary folder, a signal that
// Ctrl-C aborts, progress reported; and the engine's render of one file, told as it goes.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveBinaries } from '../../server/repositories/ffmpeg/binaries';
import { Ffmpeg } from '../../server/repositories/ffmpeg/ffmpeg';
import {
  renderVideo,
  type RenderJobInput,
  type RenderOptions,
  type RenderProgress,
} from '../../server/render/engine';
import type { Progress } from './progress';

/** The ffmpeg of FFMPEG_PATH / FFPROBE_PATH, else the bundled one. */
export async function localFfmpeg(): Promise<Ffmpeg> {
  return new Ffmpeg(
    await resolveBinaries({
      ffmpegPath: process.env.FFMPEG_PATH || undefined,
      ffprobePath: process.env.FFPROBE_PATH || undefined,
    }),
  );
}

/**
 * Runs engine work (renderVideo, extendLoop: anything taking RenderOptions) with a temporary
 * folder removed after and a signal that Ctrl-C or SIGTERM aborts (nothing is left behind).
 */
export async function runJob<T>(
  ffmpeg: Ffmpeg,
  progress: Progress,
  work: (options: RenderOptions) => Promise<T>,
): Promise<{ result: T; seconds: number }> {
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'waveframe-render-'));
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const started = performance.now();
  try {
    const onProgress = (p: RenderProgress) => progress.report(p);
    const result = await work({ ffmpeg, tmpDir, signal: controller.signal, onProgress });
    return { result, seconds: (performance.now() - started) / 1000 };
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await rm(tmpDir, { recursive: true, force: true });
  }
}

/** Renders one video to `out` through the engine, then says what was written and how fast. */
export async function renderToFile(
  ffmpeg: Ffmpeg,
  progress: Progress,
  input: RenderJobInput,
  out: string,
): Promise<void> {
  const { result, seconds } = await runJob(ffmpeg, progress, (options) =>
    renderVideo(input, path.resolve(out), options),
  );
  progress.say(
    `Wrote ${out}: ${result.frames} frames in ${seconds.toFixed(1)} s ` +
      `(${(input.durationSeconds / seconds).toFixed(1)}x real time)`,
  );
}
