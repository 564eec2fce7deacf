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
   * the RGBA pixels first (the renderer's drawFramePixels). With `backdrop` (the renderer's
   * canvasIsBackdrop) the canvas holds the same picture as every other backdrop frame: its pixels
   * are read once and copied after that.
   */
  read(
    canvas: Canvas,
    out: Uint8Array,
    finish?: (rgba: Uint8Array) => void,
    backdrop?: boolean,
  ): Uint8Array;
}

/**
 * The frame's RGBA pixels: read from the canvas, or for a backdrop frame copied from the first
 * one read (into `area` when given: the converter's own input, which it then reads in place).
 * (Each read is a fresh 8 MB a 1080p frame, and in a thread holding a particle engine's heap the
 * collections it brings cost more than the copy: measured 30 ms a frame against 2.)
 */
function rgbaSource(width: number, height: number, area: Uint8Array | null = null) {
  let backdrop: Uint8Array | null = null;
  let frame: Uint8Array | null = area;
  return (canvas: Canvas, isBackdrop: boolean): Uint8Array => {
    if (isBackdrop && backdrop) {
      frame ??= new Uint8Array(width * height * 4);
      frame.set(backdrop);
      return frame;
    }
    const rgba = canvasPixels(canvas);
    if (isBackdrop) backdrop = rgba.slice();
    return rgba;
  };
}

/** Reads each frame of the canvas in the format that framePixelFormat names (rawFrameInputArgs in the ffmpeg adapter). */
export function createFrameReader(width: number, height: number): FrameReader {
  if (framePixelFormat(width, height) === 'rgba') {
    const pixels = rgbaSource(width, height);
    return {
      frameBytes: width * height * 4,
      read: (canvas, out, finish, backdrop = false) => {
        const rgba = pixels(canvas, backdrop);
        finish?.(rgba);
        out.set(rgba);
        return out;
      },
    };
  }
  const converter = createYuv420pConverter(width, height);
  const pixels = rgbaSource(width, height, converter.input);
  return {
    frameBytes: yuv420pSize(width, height),
    read: (canvas, out, finish, backdrop = false) => {
      const rgba = pixels(canvas, backdrop);
      finish?.(rgba);
      return converter.convert(rgba, out);
    },
  };
}
