// Streaming audio analysis: mono PCM in, one compact feature frame per video frame out, and a
// summary of the whole track (loudness, onsets, tempo, beats) at the end.

import { createBandLayout } from './band-layout';
import { createFrameTiming, type FrameSpan } from './frame-timing';
import { hannWindow } from './hann-window';
import { createOnsetDetector } from './onset-detector';
import { quantizePeak } from './peak-quantization';
import { createRealFft } from './real-fft';
import { analyseRhythm } from './rhythm';
import { createSampleRing } from './sample-ring';
import { createSpectralFlux } from './spectral-flux';

export interface AnalyzerOptions {
  /** Sample rate of the PCM pushed in, in Hz (an integer, 8000..384000). */
  sampleRate: number;
  /** Video frames per second: one AnalysisFrame per video frame (may be fractional, e.g. 29.97). */
  fps: number;
  /** Number of log-spaced frequency bands per frame (1..1024). */
  bandCount: number;
}

export const DEFAULT_ANALYZER_OPTIONS: Readonly<AnalyzerOptions> = Object.freeze({
  sampleRate: 44_100,
  fps: 60,
  bandCount: 32,
});

/**
 * Features of one video frame. Frame i covers samples [round(i·sr/fps), round((i+1)·sr/fps)).
 * Values are already at the precision analysis-format stores, so a file round trip is exact.
 */
export interface AnalysisFrame {
  /**
   * Per band, low to high (edges in AnalysisSummary.bandEdgesHz), the band's power in dB
   * relative to a full-scale sine, mapped -80..0 dB to 0..255 (clamped). Measured by a Hann
   * window centred on the frame and wider than it (2048 points at 44.1 kHz), so frames overlap.
   */
  bands: Uint8Array;
  /** RMS of the frame's samples, linear (1 = full-scale square wave), rounded to float32. */
  rms: number;
  /** Smallest and largest sample of the frame, clamped to -1..1 and rounded to 1/32767. */
  peakMin: number;
  peakMax: number;
}

export interface AnalysisSummary {
  sampleRate: number;
  fps: number;
  bandCount: number;
  /** bandCount + 1 band edges in Hz, ascending. */
  bandEdgesHz: number[];
  frameCount: number;
  /** Samples pushed divided by the sample rate. */
  durationSeconds: number;
  /** Largest and mean per-frame RMS, for per-track normalisation by the visualizers. */
  maxRms: number;
  meanRms: number;
  /**
   * Mean energy of all samples in dB relative to full scale: 10·log10(mean of x²), so a
   * full-scale sine reads -3.01 dB. A plain level, not EBU R128 loudness (no K-weighting, no
   * gating). -120 for silence.
   */
  loudnessDb: number;
  /**
   * Onsets (spectral-flux peaks over an adaptive threshold), ascending. `frame` is where the flux
   * peaks, which for a sharp attack can be the frame before it, because the window reaches ahead.
   * `strength` is relative to the track's strongest onset, 0..1.
   */
  onsets: { frame: number; strength: number }[];
  /** Global tempo (2 decimals), or null when no steady pulse is found. */
  bpm: number | null;
  /** Frames of the beats, ascending; empty when bpm is null. */
  beatFrames: number[];
}

/** Sizes of the analyzer's internal state, to check that streaming memory stays bounded. */
export interface AnalyzerFootprint {
  /** Capacity of the sample ring: fixed at creation. */
  ringSamples: number;
  /** Samples received that later frames still need (at most ringSamples). */
  bufferedSamples: number;
  /** Frames of flux kept by the onset picker: fixed at creation. */
  onsetHistoryFrames: number;
  /** The onset envelope: one float per analysed frame, kept for tempo and beats (by design). */
  envelopeFrames: number;
  /** Onsets found so far: part of the output. */
  onsetCount: number;
}

export interface AudioAnalyzer {
  /** Feeds the next samples (any length) and returns the frames they completed, in order. */
  push(samples: Float32Array): AnalysisFrame[];
  /** Ends the track: returns the remaining frames (zero-padded past the end) and the summary. */
  finish(): { frames: AnalysisFrame[]; summary: AnalysisSummary };
  /** Current sizes of the internal buffers (for tests and diagnostics). */
  footprint(): AnalyzerFootprint;
}

/**
 * FFT points at 44.1 kHz: 46 ms, so 21.5 Hz bins, fine enough for the bass bands yet short
 * enough for the bands to follow the music at video frame rates.
 */
const REFERENCE_FFT_SIZE = 2048;
const REFERENCE_SAMPLE_RATE = 44_100;
const LOUDNESS_FLOOR_DB = -120;

function validated(options: Partial<AnalyzerOptions>): AnalyzerOptions {
  const merged = { ...DEFAULT_ANALYZER_OPTIONS, ...options };
  const { sampleRate, fps, bandCount } = merged;
  if (!Number.isInteger(sampleRate) || sampleRate < 8000 || sampleRate > 384_000) {
    throw new RangeError(`sampleRate must be an integer from 8000 to 384000, got ${sampleRate}`);
  }
  if (!Number.isFinite(fps) || fps <= 0 || fps > 1000 || fps > sampleRate / 2) {
    throw new RangeError(`fps must be above 0, at most 1000 and at most sampleRate/2, got ${fps}`);
  }
  if (!Number.isInteger(bandCount) || bandCount < 1 || bandCount > 1024) {
    throw new RangeError(`bandCount must be an integer from 1 to 1024, got ${bandCount}`);
  }
  return { sampleRate, fps, bandCount };
}

/**
 * Creates a streaming analyzer for one track of mono float PCM.
 *
 * Memory, independent of the track's length: a ring of about one FFT window plus two frames of
 * samples, the FFT scratch and about 0.2 s of onset history. Growing with the track, besides the
 * frames returned: the onset list and the onset envelope, 4 bytes per frame (2.6 MB for 3 hours
 * at 60 fps), kept because tempo and beats are decided over the whole track. finish() briefly
 * adds 8 bytes per frame (a contiguous copy of the envelope and the beat tracker's back-links).
 */
export function createAudioAnalyzer(options: Partial<AnalyzerOptions> = {}): AudioAnalyzer {
  const { sampleRate, fps, bandCount } = validated(options);
  // The same window duration at every sample rate, rounded to a power of two.
  const fftSize =
    2 ** Math.round(Math.log2((REFERENCE_FFT_SIZE * sampleRate) / REFERENCE_SAMPLE_RATE));
  const timing = createFrameTiming(sampleRate, fps, fftSize);
  const ring = createSampleRing(timing.historyLength);
  const hann = hannWindow(fftSize);
  const fft = createRealFft(fftSize);
  const layout = createBandLayout(sampleRate, fftSize, bandCount);
  // Onsets look at the same 30 Hz..16 kHz range as the bands, whatever their number.
  const binHz = sampleRate / fftSize;
  const flux = createSpectralFlux(
    fftSize,
    Math.max(1, Math.round(layout.edgesHz[0]! / binHz)),
    Math.min(fftSize / 2, Math.round(layout.edgesHz[bandCount]! / binHz)),
  );
  const onsets = createOnsetDetector(fps);

  const windowSamples = new Float32Array(fftSize);
  const fftInput = new Float64Array(fftSize);
  const power = new Float64Array(fftSize / 2 + 1);
  const frameSamples = new Float32Array(timing.maxFrameLength);

  let nextFrame = 0;
  let pending: FrameSpan = timing.span(0);
  let finished = false;
  let sumSquares = 0;
  let sumRms = 0;
  let maxRms = 0;

  function analyseFrame(span: FrameSpan): AnalysisFrame {
    ring.read(span.windowStart, fftSize, windowSamples);
    for (let n = 0; n < fftSize; n++) fftInput[n] = windowSamples[n]! * hann[n]!;
    fft.powerSpectrum(fftInput, power);
    const bands = new Uint8Array(bandCount);
    layout.bandBytes(power, bands);
    onsets.push(flux.next(power));

    const length = span.end - span.start;
    ring.read(span.start, length, frameSamples);
    let squares = 0;
    let min = Infinity;
    let max = -Infinity;
    for (let n = 0; n < length; n++) {
      const sample = frameSamples[n]!;
      squares += sample * sample;
      if (sample < min) min = sample;
      if (sample > max) max = sample;
    }
    const rms = Math.fround(Math.sqrt(squares / length));
    sumSquares += squares;
    sumRms += rms;
    if (rms > maxRms) maxRms = rms;
    return { bands, rms, peakMin: quantizePeak(min), peakMax: quantizePeak(max) };
  }

  function emitNext(out: AnalysisFrame[]): void {
    out.push(analyseFrame(pending));
    nextFrame++;
    pending = timing.span(nextFrame);
  }

  function assertOpen(): void {
    if (finished) throw new Error('The audio analyzer has finished; create a new one per track');
  }

  return {
    push(samples) {
      assertOpen();
      const out: AnalysisFrame[] = [];
      let position = 0;
      // Append only up to the sample that completes the pending frame, then emit it: the ring
      // then never needs more than one FFT window and two frames, whatever the chunk size.
      while (position < samples.length) {
        const take = Math.min(pending.readyAt - ring.total, samples.length - position);
        ring.append(samples, position, position + take);
        position += take;
        while (ring.total >= pending.readyAt) emitNext(out);
      }
      return out;
    },

    finish() {
      assertOpen();
      finished = true;
      const frames: AnalysisFrame[] = [];
      const frameCount = timing.frameCount(ring.total);
      while (nextFrame < frameCount) emitNext(frames);
      onsets.finish();
      const rhythm = analyseRhythm(onsets.onsets, onsets.envelope.toFloat32Array(), fps);
      const totalSamples = ring.total;
      const meanSquare = totalSamples > 0 ? sumSquares / totalSamples : 0;
      const summary: AnalysisSummary = {
        sampleRate,
        fps,
        bandCount,
        bandEdgesHz: layout.edgesHz.map((hz) => Math.round(hz * 100) / 100),
        frameCount,
        durationSeconds: totalSamples / sampleRate,
        maxRms,
        meanRms: frameCount > 0 ? sumRms / frameCount : 0,
        loudnessDb:
          meanSquare > 0
            ? Math.max(LOUDNESS_FLOOR_DB, Math.round(1000 * Math.log10(meanSquare)) / 100)
            : LOUDNESS_FLOOR_DB,
        onsets: rhythm.onsets,
        bpm: rhythm.bpm,
        beatFrames: rhythm.beatFrames,
      };
      return { frames, summary };
    },

    footprint() {
      return {
        ringSamples: ring.capacity,
        bufferedSamples: ring.total - Math.max(0, Math.min(pending.start, pending.windowStart)),
        onsetHistoryFrames: onsets.historyLength,
        envelopeFrames: onsets.envelope.length,
        onsetCount: onsets.onsets.length,
      };
    },
  };
}
