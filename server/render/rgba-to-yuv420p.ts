// RGBA -> yuv420p (I420) in plain TypeScript, for the visualizer's frame thread: ffmpeg then
// gets the encoder's own pixel format (a third of the bytes through the pipe, no conversion in
// ffmpeg's process).
//
// The matrix is the one ffmpeg's swscale used for this pipeline when it converted the RGBA
// frames itself (no colour matrix given): BT.601, limited range (Y 16-235, Cb/Cr 16-240), and
// the output stays untagged as before, so players and the tests' decoders show the same colours.
// Chroma is the mean of each 2x2 block (centred siting; swscale's filter differs by a level or
// so at sharp colour edges).

import { WASM_BASE64 } from './rgba-to-yuv420p-wasm';

// 16-bit fixed-point coefficients (x 65536) of BT.601 limited range from full-range 8-bit RGB.
const YR = 16829; // 0.256788
const YG = 33039; // 0.504129
const YB = 6416; // 0.097906
const UR = -9714; // -0.148223
const UG = -19070; // -0.290993
const UB = 28784; // 0.439216
const VR = 28784; // 0.439216
const VG = -24103; // -0.367788
const VB = -4681; // -0.071427
/** 16 << 16, plus a half for rounding. */
const Y_OFFSET = (16 << 16) + (1 << 15);
/** Chroma sums four pixels: 128 << 18, plus a half for rounding. */
const C_OFFSET = (128 << 18) + (1 << 17);

/** Bytes of one yuv420p frame (width and height even). */
export function yuv420pSize(width: number, height: number): number {
  return width * height + 2 * (width >> 1) * (height >> 1);
}

/**
 * Converts opaque RGBA (4 bytes a pixel, top row first; alpha ignored) into `out`, planar
 * Y, then U, then V. Width and height must be even.
 */
export function rgbaToYuv420p<Out extends Uint8Array>(
  rgba: Uint8Array,
  width: number,
  height: number,
  out: Out,
): Out {
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('yuv420p needs an even size');
  const pixels = width * height;
  if (rgba.length < pixels * 4 || out.length < yuv420pSize(width, height)) {
    throw new Error('buffer too small for the frame');
  }
  // One 32-bit load a pixel (little endian: R in the low byte); copied once if misaligned.
  const source = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice(0, pixels * 4);
  const px = new Uint32Array(source.buffer, source.byteOffset, pixels);
  const chromaWidth = width >> 1;
  const uPlane = pixels;
  const vPlane = pixels + chromaWidth * (height >> 1);
  for (let y = 0; y < height; y += 2) {
    let top = y * width;
    let bottom = top + width;
    let c = (y >> 1) * chromaWidth;
    const end = top + width;
    while (top < end) {
      const p0 = px[top]!;
      const p1 = px[top + 1]!;
      const p2 = px[bottom]!;
      const p3 = px[bottom + 1]!;
      const r0 = p0 & 255;
      const g0 = (p0 >>> 8) & 255;
      const b0 = (p0 >>> 16) & 255;
      const r1 = p1 & 255;
      const g1 = (p1 >>> 8) & 255;
      const b1 = (p1 >>> 16) & 255;
      const r2 = p2 & 255;
      const g2 = (p2 >>> 8) & 255;
      const b2 = (p2 >>> 16) & 255;
      const r3 = p3 & 255;
      const g3 = (p3 >>> 8) & 255;
      const b3 = (p3 >>> 16) & 255;
      out[top] = (YR * r0 + YG * g0 + YB * b0 + Y_OFFSET) >> 16;
      out[top + 1] = (YR * r1 + YG * g1 + YB * b1 + Y_OFFSET) >> 16;
      out[bottom] = (YR * r2 + YG * g2 + YB * b2 + Y_OFFSET) >> 16;
      out[bottom + 1] = (YR * r3 + YG * g3 + YB * b3 + Y_OFFSET) >> 16;
      const r = r0 + r1 + r2 + r3;
      const g = g0 + g1 + g2 + g3;
      const b = b0 + b1 + b2 + b3;
      out[uPlane + c] = (UR * r + UG * g + UB * b + C_OFFSET) >> 18;
      out[vPlane + c] = (VR * r + VG * g + VB * b + C_OFFSET) >> 18;
      top += 2;
      bottom += 2;
      c++;
    }
  }
  return out;
}

/** Converts every frame of one size into yuv420p. */
export interface Yuv420pConverter {
  /** 'simd': the WebAssembly version of rgba-to-yuv420p.wat; 'js': rgbaToYuv420p. */
  readonly engine: 'simd' | 'js';
  /**
   * Where the converter reads its RGBA (the WebAssembly module's memory), for a caller that can
   * build its frame there: convert then copies nothing in. Null for the 'js' engine.
   */
  readonly input: Uint8Array | null;
  convert<Out extends Uint8Array>(rgba: Uint8Array, out: Out): Out;
}

/**
 * The converter for frames of width x height: the WebAssembly SIMD build of the same arithmetic
 * (rgba-to-yuv420p.wat, the same bytes out) when the width is a multiple of 8, as every
 * template size is, else rgbaToYuv420p. Measured on 1920x1080 frames: see docs/benchmarks.md.
 */
export function createYuv420pConverter(width: number, height: number): Yuv420pConverter {
  const js: Yuv420pConverter = {
    engine: 'js',
    input: null,
    convert: (rgba, out) => rgbaToYuv420p(rgba, width, height, out),
  };
  if (width % 8 !== 0 || height % 2 !== 0) return js;
  let instance: WebAssembly.Instance;
  try {
    instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64')));
  } catch {
    return js; // A runtime without WebAssembly SIMD.
  }
  const memory = instance.exports.memory as WebAssembly.Memory;
  const convert = instance.exports.convert as (
    src: number,
    dst: number,
    width: number,
    height: number,
  ) => void;
  // The module's memory holds one frame of RGBA, then its yuv420p.
  const rgbaBytes = width * height * 4;
  const yuvBytes = yuv420pSize(width, height);
  const pages = Math.ceil((rgbaBytes + yuvBytes) / 65536);
  if (pages > memory.buffer.byteLength / 65536) {
    memory.grow(pages - memory.buffer.byteLength / 65536);
  }
  const heap = new Uint8Array(memory.buffer);
  const input = heap.subarray(0, rgbaBytes);
  const yuv = heap.subarray(rgbaBytes, rgbaBytes + yuvBytes);
  return {
    engine: 'simd',
    input,
    convert(rgba, out) {
      if (rgba.length < rgbaBytes || out.length < yuvBytes) {
        throw new Error('buffer too small for the frame');
      }
      const inPlace = rgba.buffer === memory.buffer && rgba.byteOffset === 0;
      if (!inPlace) heap.set(rgba.subarray(0, rgbaBytes));
      convert(0, rgbaBytes, width, height);
      out.set(yuv);
      return out;
    },
  };
}
