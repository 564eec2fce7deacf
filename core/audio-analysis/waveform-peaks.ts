// Waveform outlines of any width from the per-frame peaks of a stored analysis.

import type { Analysis } from './analysis-format';

/**
 * Per-bucket minimum and maximum sample, splitting the frames into `buckets` equal runs (bucket b
 * covers frames floor(b·F/buckets) up to floor((b+1)·F/buckets), at least one frame, so a
 * waveform wider than the frame count repeats frames rather than leaving gaps). All zeros for an
 * analysis without frames.
 */
export function waveformPeaks(
  analysis: Analysis,
  buckets: number,
): { min: Float32Array; max: Float32Array } {
  if (!Number.isInteger(buckets) || buckets < 0) {
    throw new RangeError(`buckets must be a whole number, got ${buckets}`);
  }
  const min = new Float32Array(buckets);
  const max = new Float32Array(buckets);
  const frames = analysis.frameCount;
  if (frames === 0) return { min, max };
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor((b * frames) / buckets);
    const to = Math.max(from + 1, Math.floor(((b + 1) * frames) / buckets));
    let low = Infinity;
    let high = -Infinity;
    for (let i = from; i < to; i++) {
      low = Math.min(low, analysis.peakMinAt(i));
      high = Math.max(high, analysis.peakMaxAt(i));
    }
    min[b] = low;
    max[b] = high;
  }
  return { min, max };
}
