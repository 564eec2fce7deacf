// Global tempo of a track from the autocorrelation of its onset-strength envelope.

/** Slowest and fastest tempo considered, in beats per minute. */
export const MIN_BPM = 40;
export const MAX_BPM = 240;
/** Centre and width (in octaves) of the log-normal tempo prior, as in Ellis (2007) and librosa. */
const PRIOR_BPM = 120;
const PRIOR_OCTAVES = 1;
/** Normalised autocorrelation at the chosen lag below which the track is called unpulsed. */
const MIN_PERIODICITY = 0.1;
/** Fewer seconds than this cannot show a tempo: a few beats at the slowest tempo. */
const MIN_SECONDS = 4;

/** The estimated beat period and how periodic the envelope is at that period. */
export interface TempoEstimate {
  /** Beat period in frames, fractional (parabolic interpolation between integer lags). */
  periodFrames: number;
  /** Normalised autocorrelation at the period: 1 for a perfectly regular pulse, ~0 for none. */
  periodicity: number;
}

/**
 * Estimates the beat period from an onset-strength envelope at `fps` frames per second, or null
 * when the track is too short or shows no pulse. The envelope's mean is removed, so a constant
 * level (or noise) correlates to about 0; among lags of MIN_BPM..MAX_BPM, the autocorrelation is
 * weighted by a log-normal prior around 120 BPM, which resolves most octave ambiguities (a pulse
 * at lag L also correlates at 2L, 3L...) towards tempos people tap to.
 */
export function estimateTempo(envelope: Float32Array, fps: number): TempoEstimate | null {
  const length = envelope.length;
  const minLag = Math.max(1, Math.floor((60 * fps) / MAX_BPM));
  const maxLag = Math.ceil((60 * fps) / MIN_BPM);
  if (length < MIN_SECONDS * fps || length <= 2 * (maxLag + 1)) return null;

  let mean = 0;
  for (let i = 0; i < length; i++) mean += envelope[i]!;
  mean /= length;

  // Unbiased autocorrelation (divided by the number of overlapping pairs) so long lags are not
  // penalised on short tracks; lags minLag-1..maxLag+1 so every candidate has two neighbours.
  const correlation = (lag: number): number => {
    let sum = 0;
    // Centred on the fly rather than in a copy: the envelope of a long track is megabytes.
    for (let i = lag; i < length; i++) sum += (envelope[i]! - mean) * (envelope[i - lag]! - mean);
    return sum / (length - lag);
  };
  const energy = correlation(0);
  if (!(energy > 0)) return null;
  const normalised = new Float64Array(maxLag + 2);
  for (let lag = Math.max(1, minLag - 1); lag <= maxLag + 1; lag++) {
    normalised[lag] = correlation(lag) / energy;
  }

  let bestLag = -1;
  let bestScore = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const value = normalised[lag]!;
    const isLocalPeak = value >= normalised[lag - 1]! && value >= normalised[lag + 1]!;
    const octaves = Math.log2((60 * fps) / lag / PRIOR_BPM) / PRIOR_OCTAVES;
    const score = value * Math.exp(-0.5 * octaves * octaves);
    if (isLocalPeak && score > bestScore) {
      bestScore = score;
      bestLag = lag;
    }
  }
  if (bestLag < 0) return null;
  const periodicity = normalised[bestLag]!;
  if (periodicity < MIN_PERIODICITY) return null;

  // Parabola through the peak and its neighbours: the tempo need not be a whole number of frames.
  const before = normalised[bestLag - 1]!;
  const after = normalised[bestLag + 1]!;
  const curvature = before - 2 * periodicity + after;
  const offset = curvature < 0 ? (0.5 * (before - after)) / curvature : 0;
  return { periodFrames: bestLag + Math.max(-0.5, Math.min(0.5, offset)), periodicity };
}

/** Beats needed before their spacing is trusted over the autocorrelation's period. */
const MIN_BEATS_FOR_REFINEMENT = 8;
/** A fitted period further than this fraction from the estimate means the beats went astray. */
const MAX_REFINEMENT_DEVIATION = 0.1;

/**
 * Refines a beat period (frames) with the least-squares slope of beat frame against beat number.
 * Over a whole track that slope is far finer than the autocorrelation's whole-frame lags
 * (120 vs 128 BPM is under two frames at 60 fps), which is what keeps a beat grid from drifting.
 */
export function refinePeriod(beatFrames: readonly number[], periodFrames: number): number {
  const count = beatFrames.length;
  if (count < MIN_BEATS_FOR_REFINEMENT) return periodFrames;
  const meanIndex = (count - 1) / 2;
  let meanFrame = 0;
  for (const frame of beatFrames) meanFrame += frame;
  meanFrame /= count;
  let covariance = 0;
  let variance = 0;
  beatFrames.forEach((frame, i) => {
    covariance += (i - meanIndex) * (frame - meanFrame);
    variance += (i - meanIndex) ** 2;
  });
  const slope = covariance / variance;
  return Math.abs(slope / periodFrames - 1) <= MAX_REFINEMENT_DEVIATION ? slope : periodFrames;
}
