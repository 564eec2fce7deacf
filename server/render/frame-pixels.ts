// How a visualizer's frames travel from the canvas to ffmpeg: as yuv420p, converted in the
// frame thread (rgba-to-yuv420p.ts), into two buffers used in turn, so the frame being piped is
// never overwritten while the next one is converted (the loop holds at most one write in
// flight). A third of RGBA's bytes go through the pipe and ffmpeg converts nothing. An odd size
// (never a template's) stays RGBA.

import type { Canvas } from '@napi-rs/canvas';
import { rgbaToYuv420p, yuv420pSize } from './rgba-to-yuv420p';

export type FramePixelFormat = 'yuv420p' | 'rgba';

export function framePixelFormat(width: number, height: number): FramePixelFormat {
  return width % 2 === 0 && height % 2 === 0 ? 'yuv420p' : 'rgba';
}

/** Reads each frame of the canvas in the format that framePixelFormat names (rawFrameInputArgs in the ffmpeg adapter). */
export function createFrameReader(width: number, height: number): (canvas: Canvas) => Uint8Array {
  if (framePixelFormat(width, height) === 'rgba') {
    // Every pixel is opaque (drawFrame fills black first), so the stored premultiplied RGBA
    // is plain RGBA.
    return (canvas) => canvas.data();
  }
  const size = yuv420pSize(width, height);
  const buffers = [new Uint8Array(size), new Uint8Array(size)];
  let turn = 0;
  return (canvas) => {
    turn ^= 1;
    return rgbaToYuv420p(canvas.data(), width, height, buffers[turn]!);
  };
}
