import { describe, expect, it } from 'vitest';
import {
  decodeAnalysis,
  encodeFrames,
  encodeHeader,
} from '../../../../core/audio-analysis/analysis-format';
import { createAudioAnalyzer } from '../../../../core/audio-analysis/analyzer';
import { createAnalysisApi } from '../../../../workers/analysis-api';

/** Four seconds of a 110 Hz tone with a click every half second. */
function signal(): Float32Array {
  const samples = new Float32Array(44_100 * 4);
  for (let i = 0; i < samples.length; i++) {
    samples[i] = 0.3 * Math.sin((2 * Math.PI * 110 * i) / 44_100) + (i % 22_050 < 200 ? 0.6 : 0);
  }
  return samples;
}

describe('the analysis worker', () => {
  it('makes from chunks the same WFA1 file as one pass of the analyzer', () => {
    const samples = signal();
    const api = createAnalysisApi();
    api.start(44_100);
    let frames = 0;
    for (let at = 0; at < samples.length; at += 30_000)
      frames = api.push(samples.slice(at, at + 30_000));
    const file = api.finish();
    expect(frames).toBeGreaterThan(200);

    const analyzer = createAudioAnalyzer();
    const body = encodeFrames(analyzer.push(samples), 32);
    const end = analyzer.finish();
    const expected = new Uint8Array([
      ...encodeHeader(end.summary),
      ...body,
      ...encodeFrames(end.frames, 32),
    ]);
    expect(Buffer.from(file).equals(Buffer.from(expected))).toBe(true);
    const analysis = decodeAnalysis(file);
    expect(analysis.summary.durationSeconds).toBeCloseTo(4, 3);
    expect(analysis.frameCount).toBe(240);
  });

  it('refuses samples before start', () => {
    expect(() => createAnalysisApi().push(new Float32Array(10))).toThrow('start');
  });
});
