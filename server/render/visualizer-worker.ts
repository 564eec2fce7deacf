// The visualizer's frame loop, in a worker thread of its own (started by engine.ts): it prepares
// the scene, draws every frame and hands its raw pixels to ffmpeg through the frame pipe.
//
// Why a thread: reading a frame's pixels gives a new 8 MB buffer (canvasPixels) that V8 counts as
// external memory, and V8 answers that pressure with garbage collections. In a process with the
// whole server loaded (a heap of ~35 MB) they are full mark-compacts, hundreds of them in a long
// render, which cost about 40 % more CPU per frame than in a process holding only the render
// modules. This thread loads only those, so its heap stays small and its collections cheap, and
// the API's event loop stays free while a render runs in the same process.

import { parentPort, workerData } from 'node:worker_threads';
import { decodeAnalysis } from '../../core/audio-analysis/analysis-format';
import {
  canvasIsBackdrop,
  drawFrameCanvas,
  drawFrameOverlay,
  drawFramePixels,
  drawsIntoPixels,
  hasFrameOverlay,
  prepareSceneAsync,
} from '../../core/render/renderer';
import {
  IMAGE_SLOTS,
  type ImageSlot,
  type SceneImages,
  type SceneSettings,
} from '../../core/render/scene';
import type { FrameInput } from '../../core/render/template';
import { ProcessError } from '../repositories/ffmpeg/run-process';
import {
  createNodeSurface,
  loadNodeImage,
  nodeRenderHost,
  overlayPixels,
  unreadableImageMessage,
} from './canvas-host';
import { startFramePipe } from '../repositories/ffmpeg/frame-pipe';
import { registerRenderFonts } from './fonts';
import { createFrameReader } from './frame-pixels';
import { lowerThisThreadPriority } from './thread-priority';

/** What the engine hands the thread (structured-cloned). */
export interface VisualizerWork {
  settings: SceneSettings;
  /**
   * The analysis as WFA1 bytes (a decoded Analysis holds functions, which cannot be sent); null
   * for a kind that does not follow the audio (a Canvas loop).
   */
  analysis: Uint8Array | null;
  imagePaths: Partial<Record<ImageSlot, string>>;
  frames: number;
  /** The track's time of frame 0: frame i shows startSeconds + i / fps. */
  startSeconds: number;
  ffmpegBinary: string;
  ffmpegArgs: string[];
  /** Int32Array over a SharedArrayBuffer: 1 once the engine wants the loop to stop. */
  stop: Int32Array;
}

export type VisualizerMessage =
  | { type: 'started'; pid: number | undefined }
  | { type: 'progress'; framesDone: number }
  | { type: 'done' }
  | {
      type: 'failed';
      kind: 'input' | 'process' | 'other';
      message: string;
      exitCode: number | null;
      stderrTail: string;
    };

/** Progress messages are sent at most this often (the engine reports at most once a second). */
const PROGRESS_MESSAGE_MS = 200;

const post = (message: VisualizerMessage) => parentPort!.postMessage(message);

/** The engine asked the loop to stop (abort or a failed progress report). */
class Stopped extends Error {}
/** An image that cannot be decoded: a RenderInputError in the engine. */
class InputError extends Error {}

async function loadImages(paths: VisualizerWork['imagePaths']): Promise<SceneImages> {
  const images: SceneImages = {};
  for (const slot of IMAGE_SLOTS) {
    const file = paths[slot];
    if (!file) continue;
    try {
      images[slot] = await loadNodeImage(file);
    } catch {
      throw new InputError(unreadableImageMessage(slot));
    }
  }
  return images;
}

async function run(work: VisualizerWork): Promise<void> {
  const { width, height, fps } = work.settings;
  const stopped = () => Atomics.load(work.stop, 0) !== 0;
  const images = await loadImages(work.imagePaths);
  registerRenderFonts();
  const prepared = await prepareSceneAsync(nodeRenderHost, {
    settings: work.settings,
    images,
    analysis: work.analysis ? decodeAnalysis(work.analysis) : null,
  });
  const surface = createNodeSurface(width, height);
  // yuv420p, in the format framePixelFormat names (frame-pixels.ts).
  const reader = createFrameReader(width, height);
  // A particle scene draws its circles into the pixels read for the encoder (renderer.ts), and
  // its lyrics over them through the canvas.
  const finish = drawsIntoPixels(prepared)
    ? (input: FrameInput<unknown>, rgba: Uint8Array) => {
        drawFramePixels(prepared, input, rgba);
        if (hasFrameOverlay(prepared, input.t)) {
          overlayPixels(surface, rgba, (ctx) => drawFrameOverlay(ctx, prepared, input));
        }
      }
    : undefined;
  if (stopped()) throw new Stopped();
  // Three buffers: one filled here while ffmpeg takes another, and one to spare, so neither
  // side waits for the other (frame-pipe.ts).
  const encoder = startFramePipe(work.ffmpegBinary, work.ffmpegArgs, {
    frameBytes: reader.frameBytes,
    depth: 3,
  });
  post({ type: 'started', pid: await encoder.pid });
  let lastProgress = performance.now();
  try {
    for (let i = 0; i < work.frames; i++) {
      // One turn of the event loop a frame: V8 frees the last frame's pixel buffers from it
      // (their finalizers run there). A loop that only awaited settled promises never turned,
      // the freed memory waited, and every frame took fresh pages from the kernel (measured:
      // system time 5 -> 23 s for a 45 s render).
      await new Promise((resolve) => setImmediate(resolve));
      const buffer = await encoder.nextBuffer();
      if (stopped()) throw new Stopped();
      const input = drawFrameCanvas(surface.ctx, prepared, work.startSeconds + i / fps);
      encoder.send(
        reader.read(
          surface.canvas,
          buffer,
          finish && ((rgba) => finish(input, rgba)),
          canvasIsBackdrop(prepared, input),
        ),
      );
      const now = performance.now();
      if (now - lastProgress >= PROGRESS_MESSAGE_MS) {
        lastProgress = now;
        post({ type: 'progress', framesDone: i });
      }
    }
    if (stopped()) throw new Stopped();
    await encoder.finish();
  } catch (error) {
    await encoder.kill();
    throw error;
  }
}

// Below the API's event loop; the ffmpeg this thread starts inherits it (thread-priority.ts).
lowerThisThreadPriority();
const work = workerData as VisualizerWork;
run(work).then(
  () => post({ type: 'done' }),
  (error: unknown) => {
    if (error instanceof Stopped) {
      post({ type: 'failed', kind: 'other', message: 'stopped', exitCode: null, stderrTail: '' });
      return;
    }
    post({
      type: 'failed',
      kind:
        error instanceof InputError ? 'input' : error instanceof ProcessError ? 'process' : 'other',
      message: error instanceof Error ? error.message : String(error),
      exitCode: error instanceof ProcessError ? error.exitCode : null,
      stderrTail: error instanceof ProcessError ? error.stderrTail : '',
    });
  },
);
