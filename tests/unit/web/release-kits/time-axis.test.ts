import { describe, expect, it } from 'vitest';
import { timeAxisTicks } from '../../../../src/features/release-kits/time-axis';

describe('the hook waveform’s time axis', () => {
  it('labels the full track every minute on a phone and every 30 s on a wide screen', () => {
    // 3:00 would sit 25 px (phone) and 50 px (wide) before the end's 3:15: the end wins.
    expect(timeAxisTicks(195.5, 326)).toEqual([0, 60, 120, 195.5]);
    expect(timeAxisTicks(195.5, 650)).toEqual([0, 30, 60, 90, 120, 150, 195.5]);
  });

  it('keeps every label at least the gap apart', () => {
    for (const [seconds, width] of [
      [30, 326],
      [30, 650],
      [195.5, 326],
      [3600, 326],
      [7, 650],
    ] as const) {
      const ticks = timeAxisTicks(seconds, width, 56);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBe(seconds);
      for (let i = 1; i < ticks.length; i++) {
        expect((ticks[i]! - ticks[i - 1]!) * (width / seconds)).toBeGreaterThanOrEqual(56);
      }
    }
  });

  it('is the start and the end when nothing round fits between them', () => {
    expect(timeAxisTicks(7, 100)).toEqual([0, 7]);
  });

  it('is just the start while the width is unknown or too small for two labels', () => {
    expect(timeAxisTicks(195.5, 0)).toEqual([0]);
    expect(timeAxisTicks(195.5, 40)).toEqual([0]);
    expect(timeAxisTicks(Number.NaN, 650)).toEqual([0]);
  });
});
