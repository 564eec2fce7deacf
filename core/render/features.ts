// Musical features of one instant, computed from the stored analysis alone, so the browser preview
// and the server render react identically. Smoothing is a pure function of t: each call replays
// the attack/release filter over a fixed window of earlier analysis frames, so any frame can be
// drawn alone (seeking, restarting a render midway) and equals the same frame drawn in sequence.

import type { Analysis } from '../audio-analysis/analysis-format';

export interface FrameFeatures {
  /** Per band, low to high, 0..1: smoothed, normalised to the track's level. */
  bands: Float32Array;
  /** Overall level 0..1 (frame RMS over the track's loudest frame), smoothed. */
  level: number;
  /** Averages of the lowest, middle and highest third of the bands, 0..1. */
  bass: number;
  mid: number;
  treble: number;
  /** 1 on a beat, decaying to 0 over about a quarter of a second. */
  beat: number;
  /** Number of beats passed before or at t, minus one (-1 before the first beat). */
  beatIndex: number;
  /** Like beat, for onsets, scaled by the onset's strength. */
  onset: number;
  /** Index of the latest onset at or before t (-1 before the first). */
  onsetIndex: number;
  /** Seconds since that onset (Infinity before the first). */
  sinceOnset: number;
  /** t over the track's duration, 0..1. */
  progress: number;
  /** Track duration in seconds (0 without audio). */
  duration: number;
  /** Analysis frame index at t (clamped), for templates that read raw frames (waveforms). */
  frame: number;
}

/** Attack and release of the band and level smoothing, as fractions per analysis frame. */
export const SMOOTHING = Object.freeze({ attack: 0.55, release: 0.12, windowFrames: 48 });
/** Beat and onset pulses fall to 1/e after this many seconds. */
export const PULSE_DECAY_SECONDS = 0.12;
/** dB range shown by the bands, below the track's own loudness ceiling. */
const BAND_RANGE_DB = 48;
/**
 * Music has less energy in the high bands than in the low ones; the highest band is lifted by
 * this many dB (the lowest by none, linearly between) so the treble moves the picture too.
 */
const TREBLE_TILT_DB = 12;
/** The ceiling sits this far above the track's peak RMS level, in dB. */
const CEILING_HEADROOM_DB = 3;

export function silentFeatures(bandCount = 32): FrameFeatures {
  return {
    bands: new Float32Array(bandCount),
    level: 0,
    bass: 0,
    mid: 0,
    treble: 0,
    beat: 0,
    beatIndex: -1,
    onset: 0,
    onsetIndex: -1,
    sinceOnset: Infinity,
    progress: 0,
    duration: 0,
    frame: 0,
  };
}

/** Index of the last element of a sorted array that is <= value, or -1. */
function lastAtOrBefore<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid]!) <= value) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

function average(values: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i]!;
  return to > from ? sum / (to - from) : 0;
}

/** Features at time t (seconds) of a track with this analysis; silence when analysis is null. */
export function featuresAt(analysis: Analysis | null, t: number): FrameFeatures {
  if (!analysis || analysis.frameCount === 0) return silentFeatures();
  const { summary } = analysis;
  const fps = summary.fps;
  const bandCount = summary.bandCount;
  const frame = Math.min(analysis.frameCount - 1, Math.max(0, Math.floor(t * fps + 1e-6)));

  // The loudest band value of the track is not stored; the track's level ceiling is approximated
  // from its peak RMS (a full-scale sine is -3 dB RMS), so quiet masters still fill the picture.
  const ceilingDb = Math.min(
    0,
    20 * Math.log10(Math.max(summary.maxRms, 1e-6)) + CEILING_HEADROOM_DB,
  );
  const floorDb = ceilingDb - BAND_RANGE_DB;
  const maxRms = Math.max(summary.maxRms, 1e-6);

  const tilt = new Float32Array(bandCount);
  for (let b = 0; b < bandCount; b++) tilt[b] = (TREBLE_TILT_DB * b) / Math.max(1, bandCount - 1);
  const bands = new Float32Array(bandCount);
  let level = 0;
  const start = Math.max(0, frame - SMOOTHING.windowFrames);
  for (let f = start; f <= frame; f++) {
    const raw = analysis.bandsAt(f);
    for (let b = 0; b < bandCount; b++) {
      const db = (raw[b]! / 255) * 80 - 80 + tilt[b]!;
      const v = Math.min(1, Math.max(0, (db - floorDb) / BAND_RANGE_DB));
      const s = bands[b]!;
      bands[b] = s + (v - s) * (v > s ? SMOOTHING.attack : SMOOTHING.release);
    }
    const l = Math.min(1, analysis.rmsAt(f) / maxRms);
    level += (l - level) * (l > level ? SMOOTHING.attack : SMOOTHING.release);
  }

  const third = Math.max(1, Math.floor(bandCount / 3));
  const beatIndex = lastAtOrBefore(summary.beatFrames, frame, (f) => f);
  const beat =
    beatIndex < 0
      ? 0
      : Math.exp(-(t - summary.beatFrames[beatIndex]! / fps) / PULSE_DECAY_SECONDS / 2);
  const onsetIndex = lastAtOrBefore(summary.onsets, frame, (o) => o.frame);
  const sinceOnset =
    onsetIndex < 0 ? Infinity : Math.max(0, t - summary.onsets[onsetIndex]!.frame / fps);
  const onset =
    onsetIndex < 0
      ? 0
      : summary.onsets[onsetIndex]!.strength * Math.exp(-sinceOnset / PULSE_DECAY_SECONDS);
  const duration = summary.durationSeconds;
  return {
    bands,
    level,
    bass: average(bands, 0, third),
    mid: average(bands, third, bandCount - third),
    treble: average(bands, bandCount - third, bandCount),
    beat: Math.min(1, Math.max(0, beat)),
    beatIndex,
    onset: Math.min(1, Math.max(0, onset)),
    onsetIndex,
    sinceOnset,
    progress: duration > 0 ? Math.min(1, Math.max(0, t / duration)) : 0,
    duration,
    frame,
  };
}
