// The frame thread, seen from the engine (visualizers and Canvas loops draw every frame):
// starts visualizer-worker.ts with the work, reports its progress, and on abort or failure
// kills its ffmpeg at once.

import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Analysis } from '../../core/audio-analysis/analysis-format';
import type { SceneSettings } from '../../core/render/scene';
import { frameEncoderBinary } from '../repositories/ffmpeg/fed-process';
import { ProcessError } from '../repositories/ffmpeg/run-process';
import { ensureBundle } from './bundle-cache.mjs';
import { progressReporter } from './progress';
import {
  abortError,
  RenderInputError,
  throwIfAborted,
  type RenderJobInput,
  type RenderOptions,
} from './render-types';
import { toSharedBytes } from './shared-bytes';
import { LOWER_THREAD_PRIORITY_JS } from './thread-priority';
import type { VisualizerMessage, VisualizerWork } from './visualizer-worker';

/** The repository's root, two folders above this file (and above a bundle of it). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Starts the frame thread, whose entry sits next to this file once built (the render command
 * line's bundle). Run from TypeScript (npm start, the tests, the benches), the thread runs a
 * bundle of its entry that esbuild builds once for the current sources (bundle-cache.mjs): on
 * Node 20 a worker thread gets no ESM loader hooks, and through tsx's require hook it would load
 * tsParticles' CommonJS build, whose export getters cost a particle render 13 % of its frame
 * thread. The bootstrap lowers the thread's priority before it loads anything.
 */
async function startWorker(work: VisualizerWork, signal?: AbortSignal): Promise<Worker> {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./visualizer-worker.js', import.meta.url), { workerData: work });
  }
  const dir = await ensureBundle({
    root: ROOT,
    prefix: '.waveframe-frame-thread-',
    inputs: ['core', 'server', 'package-lock.json', 'tsconfig.json'],
    entries: { 'visualizer-worker.js': 'server/render/visualizer-worker.ts' },
  });
  // An abort while the bundle was built: no thread to stop yet.
  throwIfAborted(signal);
  const entry = pathToFileURL(path.join(dir, 'visualizer-worker.js')).href;
  const code = `${LOWER_THREAD_PRIORITY_JS}
import(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true, workerData: work });
}

function workerError(message: Extract<VisualizerMessage, { type: 'failed' }>): Error {
  if (message.kind === 'input') return new RenderInputError(message.message);
  if (message.kind === 'process') {
    return new ProcessError(message.message, message.exitCode, message.stderrTail);
  }
  return new Error(message.message);
}

/** What a frame render draws and how ffmpeg encodes it. */
export interface FrameJob {
  settings: SceneSettings;
  /** The track's analysis (a visualizer's); null for a kind that does not follow the audio. */
  analysis: Analysis | null;
  imagePaths: RenderJobInput['imagePaths'];
  /** Frames to draw, at times startSeconds + i / fps. */
  frames: number;
  /** The track's time of the first frame (a section's start); 0 when absent. */
  startSeconds?: number;
  /** ffmpeg's arguments, reading the frames on stdin in framePixelFormat's format. */
  ffmpegArgs: string[];
}

/**
 * Draws and encodes every frame in a worker thread (see visualizer-worker.ts for why); this
 * thread reports progress, and on abort or failure kills ffmpeg itself, at once.
 */
export async function renderFrames(job: FrameJob, options: RenderOptions): Promise<number> {
  const total = job.frames;
  const binary = await frameEncoderBinary(options.ffmpeg);
  const signal = options.signal;
  throwIfAborted(signal);
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const work: VisualizerWork = {
    settings: job.settings,
    // Shared memory: the thread reads the analysis without a copy (see shared-bytes.ts).
    analysis: job.analysis ? toSharedBytes(job.analysis.bytes) : null,
    imagePaths: job.imagePaths,
    frames: total,
    startSeconds: job.startSeconds ?? 0,
    ffmpegBinary: binary,
    ffmpegArgs: job.ffmpegArgs,
    stop,
  };
  const worker = await startWorker(work, signal);
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
