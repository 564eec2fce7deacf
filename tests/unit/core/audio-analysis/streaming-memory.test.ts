import { describe, expect, it } from 'vitest';
import { createAudioAnalyzer } from '../../../../core/audio-analysis/analyzer';
import { SAMPLE_RATE, seededNoise } from './signals';

// Music-like audio: a kick at 125 BPM (exactly 21168 samples apart) over a 220.5 Hz tone
// (exactly 200 samples a period) and noise. Both are tabulated once, so generating 20 minutes
// costs little next to analysing them, and each second is made on demand: the 20 minutes never
// sit in memory at once.
const BEAT = 21_168;
const kick = Float32Array.from(
  { length: BEAT },
  (_, n) => 0.5 * Math.exp(-n / 2000) * Math.sin((2 * Math.PI * 60 * n) / SAMPLE_RATE),
);
const tone = Float32Array.from({ length: 200 }, (_, n) => 0.1 * Math.sin((2 * Math.PI * n) / 200));

function secondOfAudio(second: number, noise: () => number): Float32Array {
  const out = new Float32Array(SAMPLE_RATE);
  for (let n = 0; n < out.length; n++) {
    const t = second * SAMPLE_RATE + n;
    out[n] = kick[t % BEAT]! + tone[t % 200]! + 0.05 * noise();
  }
  return out;
}

describe('streaming memory', () => {
  it('keeps its buffers the same size through 20 minutes pushed in 1-second chunks', () => {
    const analyzer = createAudioAnalyzer();
    const noise = seededNoise(5);
    let frames = 0;
    let afterOneMinute = analyzer.footprint();
    let largestBuffered = 0;
    for (let second = 0; second < 20 * 60; second++) {
      frames += analyzer.push(secondOfAudio(second, noise)).length; // frames are discarded
      const footprint = analyzer.footprint();
      largestBuffered = Math.max(largestBuffered, footprint.bufferedSamples);
      if (second === 59) afterOneMinute = footprint;
    }
    const end = analyzer.footprint();
    // Fixed-size state did not grow...
    expect(end.ringSamples).toBe(afterOneMinute.ringSamples);
    expect(end.onsetHistoryFrames).toBe(afterOneMinute.onsetHistoryFrames);
    // ...the samples held never exceed the ring, which holds a few frames plus one FFT window...
    expect(largestBuffered).toBeLessThanOrEqual(end.ringSamples);
    expect(end.ringSamples).toBeLessThan(2048 + 4 * 735);
    // ...and the only per-frame state is the documented onset envelope, one float per frame.
    expect(end.envelopeFrames).toBeLessThanOrEqual(frames);
    expect(end.envelopeFrames).toBeGreaterThan(frames - 10);

    const { frames: last, summary } = analyzer.finish();
    expect(frames + last.length).toBe(20 * 60 * 60);
    expect(summary.frameCount).toBe(72_000);
    expect(summary.bpm).not.toBeNull();
    expect(Math.abs(summary.bpm! - 125)).toBeLessThanOrEqual(2);
  }, 180_000);
});
