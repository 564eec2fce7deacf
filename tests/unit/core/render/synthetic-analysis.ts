// Small analyses made in the test, through the real WFA1 encoder and decoder.

import {
  decodeAnalysis,
  encodeFrames,
  encodeHeader,
  type Analysis,
} from '../../../../core/audio-analysis/analysis-format';
import type { AnalysisFrame } from '../../../../core/audio-analysis/analyzer';

export interface SyntheticTrack {
  /** Per frame: band byte (0..255, same in every band) and RMS. */
  frames: { band: number; rms: number }[];
  beatFrames?: number[];
  onsets?: { frame: number; strength: number }[];
  bandCount?: number;
}

export function syntheticAnalysis(track: SyntheticTrack): Analysis {
  const fps = 60;
  const bandCount = track.bandCount ?? 32;
  const frames: AnalysisFrame[] = track.frames.map(({ band, rms }) => ({
    bands: new Uint8Array(bandCount).fill(Math.round(band)),
    rms: Math.fround(rms),
    peakMin: -Math.min(1, rms * 1.4),
    peakMax: Math.min(1, rms * 1.4),
  }));
  const rms = frames.map((f) => f.rms);
  const summary = {
    sampleRate: 44_100,
    fps,
    bandCount,
    bandEdgesHz: Array.from({ length: bandCount + 1 }, (_, i) => 30 * Math.pow(2, i / 3.3)),
    frameCount: frames.length,
    durationSeconds: frames.length / fps,
    maxRms: Math.max(...rms),
    meanRms: rms.reduce((a, b) => a + b, 0) / rms.length,
    loudnessDb: -20,
    onsets: track.onsets ?? [],
    bpm: track.beatFrames && track.beatFrames.length > 0 ? 120 : null,
    beatFrames: track.beatFrames ?? [],
  };
  const header = encodeHeader(summary);
  const body = encodeFrames(frames, bandCount);
  const bytes = new Uint8Array(header.length + body.length);
  bytes.set(header);
  bytes.set(body, header.length);
  return decodeAnalysis(bytes);
}
