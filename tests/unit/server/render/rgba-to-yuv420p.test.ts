import { describe, expect, test } from 'vitest';
import { rgbaToYuv420p, yuv420pSize } from '../../../../server/render/rgba-to-yuv420p';
import { createFrameReader, framePixelFormat } from '../../../../server/render/frame-pixels';
import { rawFrameInputArgs } from '../../../../server/repositories/ffmpeg/encode-args';

/** A 4x2 picture: the left 2x2 block one colour, the right another. */
function picture(left: number[], right: number[]): Uint8Array {
  const rgba = new Uint8Array(4 * 2 * 4);
  for (let y = 0; y < 2; y++) {
    for (let x = 0; x < 4; x++) rgba.set([...(x < 2 ? left : right), 255], (y * 4 + x) * 4);
  }
  return rgba;
}

describe('RGBA to yuv420p (BT.601 limited range, as ffmpeg converted it)', () => {
  test.each([
    ['black', [0, 0, 0], [16, 128, 128]],
    ['white', [255, 255, 255], [235, 128, 128]],
    ['red', [255, 0, 0], [81, 90, 240]],
    ['green', [0, 255, 0], [145, 54, 34]],
    ['blue', [0, 0, 255], [41, 240, 110]],
    ['violet #9775fa', [0x97, 0x75, 0xfa], [138, 181, 133]],
  ])('%s', (_name, rgb, [y, u, v]) => {
    const out = rgbaToYuv420p(picture(rgb, [0, 0, 0]), 4, 2, new Uint8Array(yuv420pSize(4, 2)));
    expect([...out.subarray(0, 8)]).toEqual([y, y, 16, 16, y, y, 16, 16]);
    // U plane then V plane, one sample a 2x2 block.
    expect([...out.subarray(8)]).toEqual([u, 128, v, 128]);
  });

  test('chroma is the mean of its 2x2 block', () => {
    const rgba = picture([255, 0, 0], [0, 0, 0]);
    rgba.set([0, 0, 0, 255], 0); // one of the four red pixels black
    const out = rgbaToYuv420p(rgba, 4, 2, new Uint8Array(yuv420pSize(4, 2)));
    expect(out[8]).toBe(Math.round(128 + (-0.148223 * 255 * 3) / 4));
  });

  test('frames travel as yuv420p at even sizes, RGBA otherwise', () => {
    expect(framePixelFormat(1920, 1080)).toBe('yuv420p');
    expect(framePixelFormat(321, 180)).toBe('rgba');
    expect(rawFrameInputArgs(1920, 1080, 30, 'yuv420p').join(' ')).toBe(
      '-f rawvideo -pix_fmt yuv420p -s 1920x1080 -framerate 30 -i pipe:0',
    );
  });

  /** A stand-in for a canvas: what canvasPixels reads (getImageData of the whole canvas). */
  const canvasOf = (width: number, height: number, rgba: Uint8Array) =>
    ({
      width,
      height,
      getContext: () => ({ getImageData: () => ({ data: new Uint8ClampedArray(rgba) }) }),
    }) as never;

  test('the reader fills the buffer it is lent, in the format of the size', () => {
    const yuv = createFrameReader(4, 2);
    expect(yuv.frameBytes).toBe(12);
    const out = new Uint8Array(yuv.frameBytes);
    expect(yuv.read(canvasOf(4, 2, picture([255, 255, 255], [0, 0, 0])), out)).toBe(out);
    expect([...out.subarray(0, 4)]).toEqual([235, 235, 16, 16]); // white, black: limited range
    const odd = createFrameReader(3, 1);
    expect(odd.frameBytes).toBe(12);
    const rgba = new Uint8Array(odd.frameBytes);
    const pixels = new Uint8Array([1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255]);
    expect(odd.read(canvasOf(3, 1, pixels), rgba)).toBe(rgba);
    expect([...rgba]).toEqual([...pixels]);
  });
});
