import { describe, expect, it } from 'vitest';
import {
  barCount,
  seekFraction,
  waveformBars,
} from '../../../../src/features/library/waveform-drawing';

describe('waveform drawing', () => {
  it('fits 3 px bars with 1 px gaps', () => {
    expect(barCount(0)).toBe(0);
    expect(barCount(3)).toBe(1);
    expect(barCount(400)).toBe(100);
    expect(barCount(401)).toBe(100);
  });

  it('scales the loudest peak to the full height, centred on the middle line', () => {
    const bars = waveformBars(
      { min: Float32Array.from([-0.5, -0.25, 0]), max: Float32Array.from([0.5, 0.1, 0]) },
      100,
    );
    expect(bars[0]).toEqual({ x: 0, y: 0, height: 100 });
    expect(bars[1]?.x).toBe(4);
    expect(bars[1]?.y).toBeCloseTo(40);
    expect(bars[1]?.height).toBeCloseTo(35);
    // Silence still shows as a 1 px line.
    expect(bars[2]).toEqual({ x: 8, y: 49.5, height: 1 });
  });

  it('seeks where the click lands, within the track', () => {
    expect(seekFraction(50, 200)).toBe(0.25);
    expect(seekFraction(-5, 200)).toBe(0);
    expect(seekFraction(250, 200)).toBe(1);
    expect(seekFraction(10, 0)).toBe(0);
  });
});
