import { describe, expect, it } from 'vitest';
import type { AnalysisFrame, AnalysisSummary } from '../../../../core/audio-analysis/analyzer';
import {
  decodeAnalysis,
  encodeFrames,
  encodeHeader,
} from '../../../../core/audio-analysis/analysis-format';
import { waveformPeaks } from '../../../../core/audio-analysis/waveform-peaks';
import { analyse } from './signals';

// An analysis whose frames have exactly these peaks (multiples of 1/32767 survive storage).
function analysisWithPeaks(peaks: [number, number][]) {
  const { summary } = analyse(new Float32Array(0), { bandCount: 1 });
  const frames: AnalysisFrame[] = peaks.map(([min, max]) => ({
    bands: new Uint8Array(1),
    rms: 0,
    peakMin: min,
    peakMax: max,
  }));
  const header = encodeHeader({ ...summary, frameCount: frames.length } as AnalysisSummary);
  return decodeAnalysis(new Uint8Array([...header, ...encodeFrames(frames, 1)]));
}

const q = (v: number): number => Math.round(v * 32_767) / 32_767;

describe('waveformPeaks', () => {
  const peaks: [number, number][] = [
    [q(-0.1), q(0.2)],
    [q(-0.5), q(0.1)],
    [q(-0.2), q(0.9)],
    [q(-0.3), q(0.3)],
    [q(-1), q(0.4)],
    [q(-0.05), q(0.05)],
  ];
  const analysis = analysisWithPeaks(peaks);

  it('takes the extremes of each run of frames', () => {
    const { min, max } = waveformPeaks(analysis, 3);
    expect(Array.from(min)).toEqual([-0.5, -0.3, -1].map((v) => Math.fround(q(v))));
    expect(Array.from(max)).toEqual([0.2, 0.9, 0.4].map((v) => Math.fround(q(v))));
  });

  it('gives one bucket per frame at the frame count, and the extremes at 1 bucket', () => {
    const same = waveformPeaks(analysis, 6);
    expect(Array.from(same.min)).toEqual(peaks.map(([min]) => Math.fround(min)));
    expect(Array.from(same.max)).toEqual(peaks.map(([, max]) => Math.fround(max)));
    const one = waveformPeaks(analysis, 1);
    expect(Array.from(one.min)).toEqual([-1]);
    expect(Array.from(one.max)).toEqual([Math.fround(q(0.9))]);
  });

  it('repeats frames rather than leaving gaps when wider than the frame count', () => {
    const { min, max } = waveformPeaks(analysis, 12);
    for (let b = 0; b < 12; b++) {
      expect(min[b]).toBe(Math.fround(peaks[Math.floor(b / 2)]![0]));
      expect(max[b]).toBe(Math.fround(peaks[Math.floor(b / 2)]![1]));
    }
  });

  it('handles uneven splits, no buckets and no frames', () => {
    const { min, max } = waveformPeaks(analysis, 4);
    // Buckets cover frames [0], [1,2], [3], [4,5].
    expect(Array.from(min)).toEqual([-0.1, -0.5, -0.3, -1].map((v) => Math.fround(q(v))));
    expect(Array.from(max)).toEqual([0.2, 0.9, 0.3, 0.4].map((v) => Math.fround(q(v))));
    expect(waveformPeaks(analysis, 0).min).toHaveLength(0);
    const empty = waveformPeaks(analysisWithPeaks([]), 5);
    expect(Array.from(empty.min)).toEqual([0, 0, 0, 0, 0]);
    expect(Array.from(empty.max)).toEqual([0, 0, 0, 0, 0]);
    expect(() => waveformPeaks(analysis, -1)).toThrow(RangeError);
    expect(() => waveformPeaks(analysis, 2.5)).toThrow(RangeError);
  });
});
