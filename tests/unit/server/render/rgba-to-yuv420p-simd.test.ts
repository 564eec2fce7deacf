import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  createYuv420pConverter,
  rgbaToYuv420p,
  yuv420pSize,
} from '../../../../server/render/rgba-to-yuv420p';
import { modulePathOf, WAT_SOURCES, wasmModuleText } from '../../../../scripts/build-wasm';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Pseudo-random opaque RGBA (a fixed seed: the same picture every run). */
function noise(width: number, height: number, seed: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  let state = seed;
  for (let i = 0; i < rgba.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    rgba[i] = i % 4 === 3 ? 255 : state >>> 24;
  }
  return rgba;
}

describe('RGBA to yuv420p with WebAssembly SIMD', () => {
  test.each([
    [8, 2],
    [24, 6],
    [720, 1280],
    [1920, 1080],
  ])('%ix%i gives the same bytes as the TypeScript version', (width, height) => {
    const converter = createYuv420pConverter(width, height);
    expect(converter.engine).toBe('simd');
    for (const seed of [1, 2]) {
      const rgba = noise(width, height, seed);
      const expected = rgbaToYuv420p(
        rgba,
        width,
        height,
        new Uint8Array(yuv420pSize(width, height)),
      );
      const out = converter.convert(rgba, new Uint8Array(yuv420pSize(width, height)));
      expect(Buffer.from(out).equals(Buffer.from(expected))).toBe(true);
    }
  });

  test("a frame built in the converter's own input is converted in place, to the same bytes", () => {
    const width = 24;
    const height = 6;
    const converter = createYuv420pConverter(width, height);
    const rgba = noise(width, height, 3);
    const expected = rgbaToYuv420p(rgba, width, height, new Uint8Array(yuv420pSize(width, height)));
    converter.input!.set(rgba);
    const out = converter.convert(converter.input!, new Uint8Array(yuv420pSize(width, height)));
    expect(Buffer.from(out).equals(Buffer.from(expected))).toBe(true);
    // Another frame handed in from outside is still copied in first.
    const other = noise(width, height, 4);
    const otherExpected = rgbaToYuv420p(other, width, height, new Uint8Array(out.length));
    expect(Buffer.from(converter.convert(other, new Uint8Array(out.length)))).toEqual(
      Buffer.from(otherExpected),
    );
  });

  test('extremes: black, white and pure primaries', () => {
    const width = 16;
    const height = 2;
    const rgba = new Uint8Array(width * height * 4);
    const colours = [
      [0, 0, 0],
      [255, 255, 255],
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 0],
      [0, 255, 255],
      [255, 0, 255],
    ];
    for (let i = 0; i < width * height; i++) rgba.set([...colours[(i >> 1) % 8]!, 255], i * 4);
    const expected = rgbaToYuv420p(rgba, width, height, new Uint8Array(yuv420pSize(width, height)));
    const out = createYuv420pConverter(width, height).convert(
      rgba,
      new Uint8Array(expected.length),
    );
    expect([...out]).toEqual([...expected]);
  });

  test('a width that is not a multiple of 8 uses the TypeScript version', () => {
    const converter = createYuv420pConverter(6, 2);
    expect(converter.engine).toBe('js');
    const rgba = noise(6, 2, 3);
    expect([...converter.convert(rgba, new Uint8Array(yuv420pSize(6, 2)))]).toEqual([
      ...rgbaToYuv420p(rgba, 6, 2, new Uint8Array(yuv420pSize(6, 2))),
    ]);
  });

  test('a buffer too small is refused', () => {
    const converter = createYuv420pConverter(8, 2);
    expect(() => converter.convert(new Uint8Array(8), new Uint8Array(24))).toThrow(/too small/);
  });

  test.each(WAT_SOURCES)(
    'the committed module is %s compiled (npm run build:wasm)',
    async (source) => {
      const committed = await readFile(path.join(ROOT, modulePathOf(source)), 'utf8');
      expect(committed).toBe(await wasmModuleText(source));
    },
  );
});
