// Test signals for the audio analysis tests, and a helper that runs a whole track through it.
import {
  createAudioAnalyzer,
  type AnalysisFrame,
  type AnalysisSummary,
  type AnalyzerOptions,
} from '../../../../core/audio-analysis/analyzer';

export const SAMPLE_RATE = 44_100;

/** A sine of `hz` and `amplitude` lasting `seconds`. */
export function sine(hz: number, seconds: number, amplitude = 1): Float32Array {
  const out = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (let n = 0; n < out.length; n++)
    out[n] = amplitude * Math.sin((2 * Math.PI * hz * n) / SAMPLE_RATE);
  return out;
}

/** Sample indices of the clicks of a click track at `bpm`. */
export function clickPositions(bpm: number, seconds: number): number[] {
  const period = (60 / bpm) * SAMPLE_RATE;
  const positions: number[] = [];
  for (let k = 0; k * period < seconds * SAMPLE_RATE; k++) positions.push(Math.round(k * period));
  return positions;
}

/** A click track: a short decaying 6 kHz-ish burst at every beat of `bpm`. */
export function clickTrack(bpm: number, seconds: number, amplitude = 0.8): Float32Array {
  const out = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  for (const start of clickPositions(bpm, seconds)) {
    for (let n = 0; n < 300 && start + n < out.length; n++) {
      out[start + n] = amplitude * Math.exp(-n / 30) * Math.sin(n * 0.9);
    }
  }
  return out;
}

/** A deterministic pseudo-random generator (LCG) returning -1..1, so tests never vary. */
export function seededNoise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  };
}

/** White noise of `amplitude` lasting `seconds`. */
export function whiteNoise(seconds: number, amplitude: number, seed = 1): Float32Array {
  const next = seededNoise(seed);
  return Float32Array.from({ length: Math.round(seconds * SAMPLE_RATE) }, () => amplitude * next());
}

/** Analyses `samples`, pushed in pieces of the sizes `chunkSizes` yields (cycled). */
export function analyse(
  samples: Float32Array,
  options: Partial<AnalyzerOptions> = {},
  chunkSizes: () => number = () => samples.length || 1,
): { frames: AnalysisFrame[]; summary: AnalysisSummary } {
  const analyzer = createAudioAnalyzer(options);
  const frames: AnalysisFrame[] = [];
  for (let at = 0; at < samples.length;) {
    const size = Math.max(1, chunkSizes());
    for (const frame of analyzer.push(samples.subarray(at, at + size))) frames.push(frame);
    at += size;
  }
  const end = analyzer.finish();
  for (const frame of end.frames) frames.push(frame);
  return { frames, summary: end.summary };
}
