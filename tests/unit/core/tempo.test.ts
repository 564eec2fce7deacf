import { describe, expect, it } from 'vitest';
import {
  NOTE_VALUES,
  beatMs,
  durationBreakdown,
  hertzToMs,
  msToHertz,
  noteDurations,
  periodBreakdown,
  roundForDisplay,
} from '../../../core/tempo';

describe('noteDurations', () => {
  it('gives a 500 ms quarter note at 120 BPM', () => {
    expect(beatMs(120)).toBe(500);
    const quarter = noteDurations(120).find((row) => row.note === 'quarter');
    expect(quarter).toEqual({
      note: 'quarter',
      straight: 500,
      dotted: 750,
      triplet: 500 * (2 / 3),
    });
  });

  it('lists every note value from whole to thirty-second in order', () => {
    const rows = noteDurations(120);
    expect(rows.map((row) => row.note)).toEqual([...NOTE_VALUES]);
    expect(rows.map((row) => row.straight)).toEqual([2000, 1000, 500, 250, 125, 62.5]);
  });

  it('makes dotted notes 1.5 times and triplets 2/3 of the plain note', () => {
    for (const row of noteDurations(93)) {
      expect(row.dotted).toBeCloseTo(row.straight * 1.5, 10);
      expect(row.triplet * 3).toBeCloseTo(row.straight * 2, 10);
    }
  });

  it('scales inversely with tempo', () => {
    expect(beatMs(60)).toBe(1000);
    expect(beatMs(240)).toBe(250);
    expect(noteDurations(90)[0]?.straight).toBeCloseTo(2666.667, 3);
  });

  it('rejects tempos that are not positive numbers', () => {
    expect(() => noteDurations(0)).toThrow(RangeError);
    expect(() => noteDurations(-10)).toThrow(RangeError);
    expect(() => noteDurations(Number.NaN)).toThrow(RangeError);
    expect(() => noteDurations(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('hertz and milliseconds', () => {
  it('turns hertz into a period in milliseconds', () => {
    expect(hertzToMs(1)).toBe(1000);
    expect(hertzToMs(440)).toBeCloseTo(2.2727, 4);
    expect(hertzToMs(0.5)).toBe(2000);
  });

  it('turns milliseconds back into hertz', () => {
    expect(msToHertz(1000)).toBe(1);
    expect(msToHertz(20)).toBe(50);
    expect(msToHertz(hertzToMs(123))).toBeCloseTo(123, 10);
  });

  it('rejects values that are not positive numbers', () => {
    expect(() => hertzToMs(0)).toThrow(RangeError);
    expect(() => msToHertz(-1)).toThrow(RangeError);
  });

  it('breaks a period into half, quarter and an equivalent tempo', () => {
    expect(periodBreakdown(2)).toEqual({
      hertz: 2,
      periodMs: 500,
      halfPeriodMs: 250,
      quarterPeriodMs: 125,
      equivalentBpm: 120,
    });
  });
});

describe('durationBreakdown', () => {
  it('gives the frequency and tempo of a duration', () => {
    expect(durationBreakdown(500)).toEqual({ ms: 500, hertz: 2, equivalentBpm: 120 });
    expect(() => durationBreakdown(0)).toThrow(RangeError);
  });
});

describe('roundForDisplay', () => {
  it('keeps up to three decimals without trailing zeros', () => {
    expect(roundForDisplay(333.33333)).toBe('333.333');
    expect(roundForDisplay(500)).toBe('500');
    expect(roundForDisplay(62.5)).toBe('62.5');
    expect(roundForDisplay(2.27272, 2)).toBe('2.27');
  });
});
