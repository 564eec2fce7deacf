// How a visualizer's frames travel from the canvas to ffmpeg: as yuv420p, converted in the
// frame thread (rgba-to-yuv420p.ts, with WebAssembly SIMD) into a buffer the frame pipe lends
// (frame-pipe.ts in the ffmpeg adapter). A third of RGBA's bytes go through the pipe and ffmpeg
// converts nothing. An odd size (never a template's) stays RGBA.

import type { Canvas } from '@napi-rs/canvas';
import { canvasPixels } from './canvas-host';
import { createYuv420pConverter, yuv420pSize } from './rgba-to-yuv420p';

export type FramePixelFormat = 'yuv420p' | 'rgba';

export function framePixelFormat(width: number, height: number): FramePixelFormat {
  return width % 2 === 0 && height % 2 === 0 ? 'yuv420p' : 'rgba';
}

export interface FrameReader {
  /** Bytes of one frame in that format. */
  frameBytes: number;
  /**
   * Reads the canvas into `out` (frameBytes long) and answers it; `finish`, if given, draws into
   * the RGBA pixels first (the renderer's drawFramePixels).
   */
  read(canvas: Canvas, out: Uint8Array, finish?: (rgba: Uint8Array) => void): Uint8Array;
}

/** Reads each frame of the canvas in the format that framePixelFormat names (rawFrameInputArgs in the ffmpeg adapter). */
export function createFrameReader(width: number, height: number): FrameReader {
  if (framePixelFormat(width, height) === 'rgba') {
    return {
      frameBytes: width * height * 4,
      read: (canvas, out, finish) => {
        const rgba = canvasPixels(canvas);
        finish?.(rgba);
        out.set(rgba);
        return out;
      },
    };
  }
  const converter = createYuv420pConverter(width, height);
  return {
    frameBytes: yuv420pSize(width, height),
    read: (canvas, out, finish) => {
      const rgba = canvasPixels(canvas);
      finish?.(rgba);
      return converter.convert(rgba, out);
    },
  };
}
