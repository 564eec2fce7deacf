// The bar lines of a track, derived from its stored analysis: the tracked beats, continued at
// the track's tempo through the intro and outro where the tracker found no beat, grouped into
// bars of four. The analysis stores beats but not which of them is the "one", so the downbeat
// is chosen here from the music (see downbeatPhase).

import type { Analysis } from './analysis-format';

/** Bars are counted in fours: the hook finder assumes 4/4, the metre of nearly all pop. */
export const BEATS_PER_BAR = 4;
/** The pulse a grid falls back to when the analysis found no tempo (a 2 s "bar"). */
const FALLBACK_BPM = 120;

/** Beats and bar lines of a track, in seconds of the track. */
export interface BarGrid {
  /** The track's tempo (beats per minute), or null when it has none (the grid is then nominal). */
  bpm: number | null;
  /** Seconds of one beat and one bar at `bpm` (at 120 BPM when there is no tempo). */
  beatSeconds: number;
  barSeconds: number;
  /** Every beat from the first to the last that fits in the track, ascending. */
  beats: number[];
  /**
   * Bar lines, ascending: bar i lasts from bars[i] to bars[i + 1], so the grid holds
   * bars.length - 1 whole bars, the last ending at or before the track's end.
   */
  bars: number[];
  /** Index in `beats` of each bar line (bars[i] === beats[barBeats[i]]). */
  barBeats: number[];
  durationSeconds: number;
}

/**
 * The beat and bar grid of an analysed track. Bar lines may fall halfway between the tracked
 * beats: a tracker that hears a half-time groove (drum and bass at 174 BPM as 87) can lock onto
 * its snare, on 2 and 4. The downbeat is therefore sought among the half beats, and when it falls
 * between tracked beats the whole beat grid is moved by half a beat.
 */
export function barGrid(analysis: Analysis): BarGrid {
  const { fps, bpm, beatFrames, durationSeconds } = analysis.summary;
  const tempo = bpm && bpm > 0 && beatFrames.length > 0 ? bpm : null;
  const beatSeconds = 60 / (tempo ?? FALLBACK_BPM);
  const base = {
    bpm: tempo,
    beatSeconds,
    barSeconds: BEATS_PER_BAR * beatSeconds,
    durationSeconds,
  };
  if (!tempo) {
    const beats = continueBeats([0], beatSeconds, durationSeconds);
    const barBeats = beats.flatMap((_, i) => (i % BEATS_PER_BAR === 0 ? [i] : []));
    return { ...base, beats, bars: barBeats.map((b) => beats[b]!), barBeats };
  }
  const halves = halfBeats(
    beatFrames.map((frame) => frame / fps),
    beatSeconds,
    durationSeconds,
  );
  const phase = downbeatPhase(analysis, halves);
  const beats = halves.filter((_, i) => i % 2 === phase % 2);
  const barBeats: number[] = [];
  for (let b = phase >> 1; b < beats.length; b += BEATS_PER_BAR) barBeats.push(b);
  return { ...base, beats, bars: barBeats.map((b) => beats[b]!), barBeats };
}

// The tracked beats continued through the track (continueBeats) and the points halfway between
// them, ascending; even indices are beats of the continued grid when the first point is one.
function halfBeats(tracked: number[], period: number, duration: number): number[] {
  const inside = tracked.flatMap((t, i) => (i === 0 ? [t] : [(tracked[i - 1]! + t) / 2, t]));
  return continueBeats(inside, period / 2, duration);
}

/** Whole bars in the grid. */
export function barCount(grid: BarGrid): number {
  return Math.max(0, grid.bars.length - 1);
}

/**
 * The bar line nearest `seconds` at which `bars` whole bars still fit before the track's end
 * (bar index and its time); the first bar line when none fits.
 */
export function snapToBar(
  grid: BarGrid,
  seconds: number,
  bars = 1,
): { bar: number; seconds: number } {
  const last = Math.max(0, barCount(grid) - Math.max(1, bars));
  let best = 0;
  for (let i = 1; i <= last; i++) {
    if (Math.abs(grid.bars[i]! - seconds) < Math.abs(grid.bars[best]! - seconds)) best = i;
  }
  return { bar: best, seconds: grid.bars[best] ?? 0 };
}

// Tracked beats plus beats one period apart before the first and after the last, as far as the
// track goes: an intro or outro without a clear beat still has bar lines to start a clip on.
function continueBeats(tracked: number[], period: number, duration: number): number[] {
  const before: number[] = [];
  // A beat a fraction of a period before 0 is the track's first beat, tracked a frame late.
  for (let t = tracked[0]! - period; t >= -0.1 * period; t -= period) before.push(Math.max(0, t));
  const after: number[] = [];
  for (let t = tracked.at(-1)! + period; t <= duration + 1e-6; t += period) {
    after.push(Math.min(duration, t));
  }
  return [...before.reverse(), ...tracked.filter((t) => t <= duration + 1e-6), ...after];
}

/** Half beats in a bar. */
const HALVES_PER_BAR = 2 * BEATS_PER_BAR;

/**
 * Which of the first eight half beats is a downbeat. Music changes on bar lines: sections start
 * on the one, and chords mostly change there. So at each half beat the spectrum of the bar after
 * it is compared with the bar before (the mean band levels, Euclidean); a pattern that repeats
 * every bar cancels out of both means, leaving what changes from bar to bar. The phase whose
 * half beats collect the most squared change is taken; ties go to the earliest.
 */
function downbeatPhase(analysis: Analysis, halves: readonly number[]): number {
  const vectors = spanSpectra(analysis, halves);
  const bandCount = analysis.summary.bandCount;
  const count = vectors.length / bandCount;
  const scores = new Float64Array(HALVES_PER_BAR);
  const before = new Float64Array(bandCount);
  const after = new Float64Array(bandCount);
  for (let b = HALVES_PER_BAR; b + HALVES_PER_BAR <= count; b++) {
    before.fill(0);
    after.fill(0);
    for (let k = 0; k < HALVES_PER_BAR; k++) {
      for (let j = 0; j < bandCount; j++) {
        before[j]! += vectors[(b - 1 - k) * bandCount + j]!;
        after[j]! += vectors[(b + k) * bandCount + j]!;
      }
    }
    let distance = 0;
    for (let j = 0; j < bandCount; j++)
      distance += ((after[j]! - before[j]!) / HALVES_PER_BAR) ** 2;
    scores[b % HALVES_PER_BAR]! += distance;
  }
  let best = 0;
  for (let p = 1; p < HALVES_PER_BAR; p++) if (scores[p]! > scores[best]!) best = p;
  return best;
}

// Mean band bytes from each point to the next, point-major.
function spanSpectra(analysis: Analysis, beats: readonly number[]): Float64Array {
  const { fps, bandCount } = analysis.summary;
  const count = Math.max(0, beats.length - 1);
  const out = new Float64Array(count * bandCount);
  for (let b = 0; b < count; b++) {
    const from = Math.min(analysis.frameCount, Math.round(beats[b]! * fps));
    const to = Math.min(analysis.frameCount, Math.round(beats[b + 1]! * fps));
    if (to <= from) continue;
    for (let i = from; i < to; i++) {
      const bands = analysis.bandsAt(i);
      for (let j = 0; j < bandCount; j++) out[b * bandCount + j]! += bands[j]!;
    }
    for (let j = 0; j < bandCount; j++) out[b * bandCount + j]! /= to - from;
  }
  return out;
}
