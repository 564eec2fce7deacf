// The hook finder's repetition mark compares each bar only with bars within a window (see the
// module comment of hook-finder.ts): its memory grows with the number of bars, not with its
// square, and within the window it is the very same search as comparing every pair.
import { afterEach, describe, expect, it } from 'vitest';
import type { BarFeatures } from '../../../../core/audio-analysis/bar-features';
import { barMarks } from '../../../../core/audio-analysis/hook-finder';

const BANDS = 32;

/**
 * Bars of a long recording: eight-bar sections cycling through five spectra (the same sections
 * come back again and again), each bar a little different from the next.
 */
function features(count: number): BarFeatures {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const shapes = Array.from({ length: 5 }, () => Array.from({ length: BANDS }, () => random()));
  const spectra = new Float64Array(count * BANDS);
  const levelDb = new Float64Array(count);
  const onsetRate = new Float64Array(count);
  const flux = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const shape = shapes[Math.floor(i / 8) % shapes.length]!;
    for (let j = 0; j < BANDS; j++) spectra[i * BANDS + j] = 100 * shape[j]! + 10 * random();
    levelDb[i] = -20 + 10 * random();
    onsetRate[i] = random();
    flux[i] = random();
  }
  return { count, bandCount: BANDS, levelDb, onsetRate, flux, spectra };
}

/** R_i as the finder first computed it: every pair of bars, from the count × count matrix. */
function everyPairRepetition(f: BarFeatures): number[] {
  const { count, bandCount, spectra } = f;
  const mean = new Float64Array(bandCount);
  for (let i = 0; i < count; i++)
    for (let j = 0; j < bandCount; j++) mean[j]! += spectra[i * bandCount + j]! / count;
  const centred = spectra.map((v, k) => v - mean[k % bandCount]!);
  const norms = Array.from({ length: count }, (_, i) => {
    let squares = 0;
    for (let j = 0; j < bandCount; j++) {
      const value = centred[i * bandCount + j]!;
      squares += value * value;
    }
    return Math.sqrt(squares);
  });
  const sim = (x: number, y: number): number => {
    if (x === y) return 1;
    const [a, b] = x < y ? [x, y] : [y, x];
    let dot = 0;
    for (let j = 0; j < bandCount; j++)
      dot += centred[a * bandCount + j]! * centred[b * bandCount + j]!;
    const denominator = norms[a]! * norms[b]!;
    return denominator > 1e-9 ? dot / denominator : 0;
  };
  const phrase = (i: number, j: number): number => {
    let sum = 0;
    let n = 0;
    for (let k = 0; k < 4 && i + k < count && j + k < count; k++) {
      sum += sim(i + k, j + k);
      n++;
    }
    return n > 0 ? sum / n : 0;
  };
  return Array.from({ length: count }, (_, i) => {
    let best = 0;
    for (const step of [1, -1]) {
      let movedOn = false;
      for (let j = i + step; j >= 0 && j < count; j += step) {
        if (movedOn) best = Math.max(best, phrase(i, j));
        else if (sim(i, j) < 0.5) movedOn = true;
      }
    }
    return best;
  });
}

/** Lengths of every Float64Array made while `run` runs (the finder's working memory). */
function float64Allocations(run: () => void): number[] {
  const lengths: number[] = [];
  const Original = globalThis.Float64Array;
  class Counted extends Original {
    constructor(...args: unknown[]) {
      super(...(args as [number]));
      lengths.push(this.length);
    }
  }
  globalThis.Float64Array = Counted as Float64ArrayConstructor;
  try {
    run();
  } finally {
    globalThis.Float64Array = Original;
  }
  return lengths;
}

describe('the repetition mark on long recordings', () => {
  const original = globalThis.Float64Array;
  afterEach(() => {
    globalThis.Float64Array = original;
  });

  it('scores a song shorter than the window exactly as comparing every pair of bars', () => {
    const song = features(200);
    expect(barMarks(song).repetition).toEqual(everyPairRepetition(song));
  });

  it('works in memory that grows with the bars, not with their square', () => {
    // 3,000 and 6,000 bars: 1.7 and 3.3 hours at 120 BPM.
    const small = features(3000);
    const large = features(6000);
    const smallArrays = float64Allocations(() => barMarks(small));
    const largeArrays = float64Allocations(() => barMarks(large));
    const total = (lengths: number[]) => lengths.reduce((a, b) => a + b, 0);
    // Twice the bars, twice the memory (a bars × bars matrix would be four times).
    expect(total(largeArrays) / total(smallArrays)).toBeLessThan(2.2);
    expect(Math.max(...largeArrays) / Math.max(...smallArrays)).toBeLessThan(2.2);
    // Nothing near a bars × bars matrix: 36 million values, 288 MB.
    expect(Math.max(...largeArrays)).toBeLessThan(large.count * 300);
  });
});
