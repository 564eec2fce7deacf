import { describe, expect, it } from 'vitest';
import {
  BAR_LINE_MIN_GAP_PX,
  barLineSpacing,
  barLineText,
} from '../../../../src/features/release-kits/bar-line-spacing';

/** `count` bar lines `barSeconds` apart from 0, as the hook call gives them. */
const bars = (count: number, barSeconds: number) =>
  Array.from({ length: count }, (_, i) => i * barSeconds);

/** The smallest distance in px between two drawn neighbours. */
function tightestGap(lines: readonly number[], drawn: readonly number[], pxPerSecond: number) {
  let gap = Infinity;
  for (let i = 1; i < drawn.length; i++) {
    gap = Math.min(gap, (lines[drawn[i]!]! - lines[drawn[i - 1]!]!) * pxPerSecond);
  }
  return gap;
}

describe('bar-line spacing', () => {
  // The full track of the fixtures (195.5 s) on its tempo grid: 226 bar lines.
  const LONG = bars(226, 195.5 / 225);

  it('draws every bar of a short track where the bars stand far apart', () => {
    const lines = bars(16, 2);
    const { step, drawn } = barLineSpacing(lines, 30, 650);
    expect(step).toBe(1);
    expect(drawn).toEqual(lines.map((_, i) => i));
  });

  it('thins 226 bars to every 4th on a wide screen and every 8th on a phone', () => {
    // The hook section's waveform: about 650 px wide beside the look, 326 px on a 390 px phone.
    const wide = barLineSpacing(LONG, 195.5, 650);
    expect(wide.step).toBe(4);
    expect(wide.drawn.slice(0, 4)).toEqual([0, 4, 8, 12]);
    expect(wide.drawn).toHaveLength(57);
    const phone = barLineSpacing(LONG, 195.5, 326);
    expect(phone.step).toBe(8);
    expect(phone.drawn).toHaveLength(29);
    for (const [width, spacing] of [
      [650, wide],
      [326, phone],
    ] as const) {
      expect(tightestGap(LONG, spacing.drawn, width / 195.5)).toBeGreaterThanOrEqual(
        BAR_LINE_MIN_GAP_PX,
      );
    }
  });

  it('keeps every drawn neighbour apart on an uneven grid (a tempo change)', () => {
    // 20 bars of 2 s, then 40 bars of 0.5 s: the quick bars decide the step.
    const lines = [...bars(20, 2), ...bars(40, 0.5).map((s) => 40 + s)];
    const duration = lines.at(-1)!;
    const { step, drawn } = barLineSpacing(lines, duration, 400, 10);
    expect(step).toBe(4);
    expect(tightestGap(lines, drawn, 400 / duration)).toBeGreaterThanOrEqual(10);
    // A step of 2 would put two quick bars 6.8 px apart.
    expect(tightestGap(lines, [19, 21, 23], 400 / duration)).toBeLessThan(10);
  });

  it('is the first line alone when even the whole track is too narrow for two', () => {
    expect(barLineSpacing(bars(9, 1), 8, 6)).toEqual({ step: 16, drawn: [0] });
  });

  it('draws nothing while the width or the length is unknown, or without bars', () => {
    const none = { step: 0, drawn: [] };
    expect(barLineSpacing(LONG, 195.5, 0)).toEqual(none);
    expect(barLineSpacing(LONG, 0, 650)).toEqual(none);
    expect(barLineSpacing(LONG, Number.NaN, 650)).toEqual(none);
    expect(barLineSpacing(LONG, 195.5, Number.NaN)).toEqual(none);
    expect(barLineSpacing([], 195.5, 650)).toEqual(none);
  });

  it('says what a line stands for', () => {
    expect(barLineText(1)).toBe('Each line is a bar.');
    expect(barLineText(4)).toBe('A line every 4 bars.');
    expect(barLineText(8)).toBe('A line every 8 bars.');
  });
});
