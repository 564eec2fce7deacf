import { describe, expect, it } from 'vitest';
import { createRealFft } from '../../../../core/audio-analysis/real-fft';
import { seededNoise } from './signals';

// Reference DFT, O(N²), straight from the definition.
function naiveDft(input: Float64Array): { re: Float64Array; im: Float64Array } {
  const n = input.length;
  const re = new Float64Array(n / 2 + 1);
  const im = new Float64Array(n / 2 + 1);
  for (let k = 0; k <= n / 2; k++) {
    for (let t = 0; t < n; t++) {
      re[k]! += input[t]! * Math.cos((2 * Math.PI * k * t) / n);
      im[k]! -= input[t]! * Math.sin((2 * Math.PI * k * t) / n);
    }
  }
  return { re, im };
}

describe('createRealFft', () => {
  it.each([4, 8, 16, 64, 512, 2048])('matches a naive DFT at %i points', (size) => {
    const next = seededNoise(size);
    const input = Float64Array.from({ length: size }, () => next());
    const fft = createRealFft(size);
    const re = new Float64Array(size / 2 + 1);
    const im = new Float64Array(size / 2 + 1);
    fft.transform(input, re, im);
    const expected = naiveDft(input);
    const power = new Float64Array(size / 2 + 1);
    fft.powerSpectrum(input, power);
    for (let k = 0; k <= size / 2; k++) {
      expect(re[k]).toBeCloseTo(expected.re[k]!, 8);
      expect(im[k]).toBeCloseTo(expected.im[k]!, 8);
      expect(power[k]).toBeCloseTo(expected.re[k]! ** 2 + expected.im[k]! ** 2, 6);
    }
  });

  it('puts a bin-centred cosine into that bin only', () => {
    const fft = createRealFft(256);
    const input = Float64Array.from({ length: 256 }, (_, t) =>
      Math.cos((2 * Math.PI * 10 * t) / 256),
    );
    const power = new Float64Array(129);
    fft.powerSpectrum(input, power);
    expect(power[10]).toBeCloseTo(128 ** 2, 6);
    power.forEach((value, k) => {
      if (k !== 10) expect(value).toBeLessThan(1e-12);
    });
  });

  it('refuses sizes that are not powers of two', () => {
    expect(() => createRealFft(1000)).toThrow(RangeError);
    expect(() => createRealFft(2)).toThrow(RangeError);
  });
});
