import { describe, expect, test } from 'vitest';
import {
  blendDisc,
  blendShape,
  ShapeKind,
  type PixelFrame,
} from '../../../../core/render/pixel-frame';

/** An opaque frame of one grey level. */
function frame(width: number, height: number, level = 0, scale = 1): PixelFrame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data.fill(level, i, i + 3);
    data[i + 3] = 255;
  }
  return { data, width, height, scale };
}

const red = (f: PixelFrame, x: number, y: number) => f.data[(y * f.width + x) * 4]!;

describe('blendDisc', () => {
  test('a white disc on black covers its area, solid inside and soft at the edge', () => {
    const f = frame(64, 64);
    blendDisc(f, 32, 32, 10, 0xffffff, 1);
    expect(red(f, 32, 32)).toBe(255);
    expect(red(f, 32 + 12, 32)).toBe(0);
    let covered = 0;
    let partial = 0;
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        covered += red(f, x, y) / 255;
        if (red(f, x, y) > 0 && red(f, x, y) < 255) partial++;
      }
    }
    expect(covered).toBeGreaterThan(Math.PI * 100 * 0.99);
    expect(covered).toBeLessThan(Math.PI * 100 * 1.01);
    expect(partial).toBeGreaterThan(40);
  });

  test('opacity and colour blend over what is there; the frame stays opaque', () => {
    const f = frame(16, 16, 100);
    blendDisc(f, 8, 8, 4, 0xff0000, 0.5);
    const at = (8 * 16 + 8) * 4;
    expect([...f.data.subarray(at, at + 4)]).toEqual([178, 50, 50, 255]);
  });

  test('over a transparent pixel the disc sets the alpha and keeps its own colour', () => {
    const f: PixelFrame = {
      data: new Uint8ClampedArray(16 * 16 * 4),
      width: 16,
      height: 16,
      scale: 1,
    };
    blendDisc(f, 8, 8, 4, 0x3366ff, 0.5);
    const at = (8 * 16 + 8) * 4;
    expect([...f.data.subarray(at, at + 4)]).toEqual([0x33, 0x66, 0xff, 128]);
  });

  test('a scaled frame gets the disc at its scale', () => {
    const full = frame(64, 64);
    const half = frame(32, 32, 0, 0.5);
    blendDisc(full, 32, 32, 10, 0xffffff, 1);
    blendDisc(half, 32, 32, 10, 0xffffff, 1);
    const sum = (f: PixelFrame) => {
      let total = 0;
      for (let i = 0; i < f.data.length; i += 4) total += f.data[i]! / 255;
      return total;
    };
    expect(sum(half) / sum(full)).toBeCloseTo(0.25, 2);
  });

  test('a disc under half a pixel across keeps its share of light', () => {
    const f = frame(8, 8);
    blendDisc(f, 4, 4, 0.2, 0xffffff, 1);
    let total = 0;
    for (let i = 0; i < f.data.length; i += 4) total += f.data[i]! / 255;
    expect(total).toBeGreaterThan(Math.PI * 0.04 * 0.7);
    expect(total).toBeLessThan(Math.PI * 0.04 * 1.5);
  });

  test('discs off the frame change nothing; at its edge they are clipped', () => {
    const f = frame(16, 16, 7);
    const before = Uint8ClampedArray.from(f.data);
    blendDisc(f, -20, 5, 4, 0xffffff, 1);
    blendDisc(f, 5, 40, 4, 0xffffff, 1);
    expect(f.data).toEqual(before);
    blendDisc(f, 0, 0, 4, 0xffffff, 1);
    expect(red(f, 0, 0)).toBe(255);
  });

  test('bytes in a Uint8Array and in a Uint8ClampedArray come out the same', () => {
    const clamped = frame(40, 40, 30);
    const plain = { ...clamped, data: new Uint8Array(clamped.data) };
    for (const f of [clamped, plain]) {
      for (let i = 0; i < 50; i++) {
        blendDisc(
          f,
          (i * 7.3) % 40,
          (i * 3.1) % 40,
          0.3 + (i % 6),
          0x10ff80 + i,
          0.05 + (i % 10) / 10,
        );
      }
    }
    expect([...plain.data]).toEqual([...clamped.data]);
  });
});

describe('blendShape', () => {
  /** Light a white shape puts on black, in pixels fully lit, and how far it reaches in x. */
  function drawn(kind: ShapeKind, transform: { a: number; b: number; c: number; d: number }) {
    const f = frame(96, 96);
    blendShape(f, kind, 48, 48, 12, transform, 0xffffff, 1);
    let covered = 0;
    let reachX = 0;
    for (let y = 0; y < 96; y++) {
      for (let x = 0; x < 96; x++) {
        covered += red(f, x, y) / 255;
        if (red(f, x, y) > 0) reachX = Math.max(reachX, Math.abs(x + 0.5 - 48));
      }
    }
    return { covered, reachX, centre: red(f, 48, 48) };
  }
  const IDENTITY = { a: 1, b: 0, c: 0, d: 1 };
  const turn = (angle: number) => ({
    a: Math.cos(angle),
    b: Math.sin(angle),
    c: -Math.sin(angle),
    d: Math.cos(angle),
  });

  test('untransformed, a disc covers what blendDisc covers', () => {
    const shape = drawn(ShapeKind.Disc, IDENTITY);
    const f = frame(96, 96);
    blendDisc(f, 48, 48, 12, 0xffffff, 1);
    let disc = 0;
    for (let i = 0; i < f.data.length; i += 4) disc += f.data[i]! / 255;
    expect(shape.centre).toBe(255);
    expect(shape.covered / disc).toBeGreaterThan(0.99);
    expect(shape.covered / disc).toBeLessThan(1.01);
  });

  test('a square is the one inscribed in the radius, as tsParticles draws it, and turns', () => {
    const square = drawn(ShapeKind.Square, IDENTITY);
    // Side 2 × 12 / √2: area 288.
    expect(square.covered).toBeGreaterThan(288 * 0.98);
    expect(square.covered).toBeLessThan(288 * 1.02);
    expect(square.reachX).toBeLessThan(12 / Math.SQRT2 + 1);
    const turned = drawn(ShapeKind.Square, turn(Math.PI / 4));
    expect(turned.covered / square.covered).toBeCloseTo(1, 1);
    // Turned 45°, its corners reach the radius.
    expect(turned.reachX).toBeGreaterThan(11);
  });

  test("tilt's skew makes an ellipse of the disc's area times the transform's determinant", () => {
    const skew = { a: 1, b: 0.5, c: 0.8, d: 1 };
    const ellipse = drawn(ShapeKind.Disc, skew);
    const area = Math.PI * 144 * (1 - 0.5 * 0.8);
    expect(ellipse.covered).toBeGreaterThan(area * 0.97);
    expect(ellipse.covered).toBeLessThan(area * 1.03);
  });

  test('a shape turned edge-on draws nothing', () => {
    expect(drawn(ShapeKind.Square, { a: 1, b: 1, c: 1, d: 1 }).covered).toBe(0);
  });
});
