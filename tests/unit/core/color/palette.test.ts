import { describe, expect, it } from 'vitest';
import type { Rgb } from '../../../../core/color/color-convert';
import { extractPalette } from '../../../../core/color/palette';

/** RGBA pixels made of flat colour runs: [colour, pixel count] in order. */
function flatImage(runs: [Rgb, number][], alpha = 255): Uint8ClampedArray {
  const total = runs.reduce((sum, [, n]) => sum + n, 0);
  const pixels = new Uint8ClampedArray(total * 4);
  let p = 0;
  for (const [{ r, g, b }, n] of runs) {
    for (let i = 0; i < n; i += 1, p += 4) pixels.set([r, g, b, alpha], p);
  }
  return pixels;
}

const RED = { r: 220, g: 30, b: 40 };
const TEAL = { r: 10, g: 160, b: 150 };
const CREAM = { r: 250, g: 240, b: 210 };

describe('palette extraction by median cut', () => {
  it('finds the three colours of an image of three flat colours, most common first', () => {
    const palette = extractPalette(
      flatImage([
        [RED, 500],
        [TEAL, 3000],
        [CREAM, 1500],
      ]),
      { count: 8 },
    );
    expect(palette.map((color) => color.hex)).toEqual(['#0aa096', '#faf0d2', '#dc1e28']);
    expect(palette.map((color) => color.share)).toEqual([0.6, 0.3, 0.1]);
    expect(palette[0]?.rgb).toEqual(TEAL);
  });

  it('keeps flat colours whole even when asked for fewer, merging the closest', () => {
    const palette = extractPalette(
      flatImage([
        [{ r: 0, g: 0, b: 0 }, 100],
        [{ r: 10, g: 0, b: 0 }, 100],
        [{ r: 255, g: 255, b: 255 }, 200],
      ]),
      { count: 2 },
    );
    expect(palette.map((color) => color.hex)).toEqual(['#050000', '#ffffff']);
  });

  it('splits a gradient into the number of colours asked for, the same way every time', () => {
    const runs: [Rgb, number][] = [];
    for (let i = 0; i < 256; i += 1) runs.push([{ r: i, g: 255 - i, b: (i * 7) % 256 }, 10]);
    const pixels = flatImage(runs);
    const first = extractPalette(pixels, { count: 6 });
    expect(first).toHaveLength(6);
    expect(extractPalette(pixels, { count: 6 })).toEqual(first);
    expect(first.reduce((sum, color) => sum + color.share, 0)).toBeCloseTo(1, 10);
  });

  it('ignores transparent pixels and gives nothing for an empty image', () => {
    expect(extractPalette(flatImage([[RED, 50]], 0))).toEqual([]);
    expect(extractPalette(new Uint8ClampedArray(0))).toEqual([]);
  });

  it('samples large images evenly', () => {
    const pixels = flatImage([
      [RED, 200_000],
      [CREAM, 200_000],
    ]);
    const palette = extractPalette(pixels, { count: 4, maxSamples: 1000 });
    expect(palette.map((color) => color.hex).sort()).toEqual(['#dc1e28', '#faf0d2']);
    expect(palette[0]?.share).toBeCloseTo(0.5, 2);
  });
});
