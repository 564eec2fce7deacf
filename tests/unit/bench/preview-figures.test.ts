// The arithmetic of the live preview benchmark (bench/preview.bench.ts): which display frames
// count as showing a new picture.
import { describe, expect, it } from 'vitest';
import { previewFigures } from '../../../bench/preview.bench';

/** rAF stamps `count` + 1, every `step` ms from 1000. */
const frames = (count: number, step = 16) =>
  Array.from({ length: count + 1 }, (_, i) => 1000 + i * step);

describe('previewFigures', () => {
  it('counts a display frame whose interval saw a new picture drawn', () => {
    const stamps = frames(10);
    const draws = stamps
      .slice(0, -1)
      .map((stamp, i) => [stamp + 5, 2, i] as [number, number, number]);
    const figures = previewFigures(stamps, draws);
    expect(figures.ratio).toBe(1);
    expect(figures.rafFps).toBeCloseTo(1000 / 16);
    expect(figures.presentedFps).toBeCloseTo(1000 / 16);
    expect(figures.meanDrawMs).toBe(2);
  });

  it('counts two drawings in one frame once and a frame without one not at all', () => {
    const stamps = frames(4);
    const draws: [number, number, number][] = [
      [1002, 1, 0.1],
      [1010, 3, 0.2],
      // Frame 2 (1032-1048) gets nothing; frame 1 and 3 one each.
      [1020, 1, 0.3],
      [1050, 1, 0.4],
    ];
    const figures = previewFigures(stamps, draws);
    expect(figures.ratio).toBe(3 / 4);
    expect(figures.drawsPerSecond).toBeCloseTo(4 / 0.064);
    expect(figures.meanDrawMs).toBe(1.5);
  });

  it('does not count drawing the frame time already on screen again', () => {
    const stamps = frames(3);
    const draws: [number, number, number][] = [
      [990, 1, 0.5],
      [1001, 1, 0.5],
      [1017, 1, 0.5],
      [1033, 1, 0.6],
    ];
    expect(previewFigures(stamps, draws).ratio).toBe(1 / 3);
  });
});
