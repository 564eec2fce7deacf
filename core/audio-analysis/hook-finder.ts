// Finds a track's hook: the section most worth a short clip (the chorus, or the drop).
//
// How the hook is chosen. The stored analysis gives beats; they are continued through the
// intro and outro at the track's tempo and grouped in bars of four (4/4 assumed), the "one"
// being the half beat where the mean spectrum of the bar after differs most from the bar before,
// summed over the track (bar-grid.ts; a grid whose beats sit on a half-time snare is moved
// half a beat onto the downbeats). Each whole bar i then gets
// three marks from 0 to 1 (bar-features.ts sums them from the per-frame analysis):
//   loudness   L_i = clamp(1 + (dB_i - dB_max) / 24): the loudest bar is 1, 24 dB below is 0;
//   density    D_i = (onsets_i / onsets_max + flux_i / flux_max) / 2: onset strength per
//              second and spectral flux (the rises of the band levels), each against the
//              track's busiest bar;
//   repetition R_i = the best similarity (cosine of the track-centred band spectra, averaged
//              over four bars in step) between the four bars from i and four bars elsewhere,
//              at most 256 bars away, that begin after the music has moved on to something
//              unlike bar i (a bar whose similarity to it is below 0.5), so a long verse does
//              not count as repeating itself; a chorus that comes back scores near 1, an intro
//              or a bridge low.
//   and h_i = 0.45·L_i + 0.35·D_i + 0.20·R_i.
// A hook of N bars (the whole bars nearest the target length, 15-60 s, default 30 s; never
// over 60 s, never past the end) starting at bar s scores
//   score(s) = Σ_k w_k·h_{s+k} / Σ_k w_k  +  0.5·max(0, (L_s + L_{s+1})/2 - (L_{s-2} + L_{s-1})/2)
// with w_k = 2^(-k/8) over k = 0..N-1: the bars at its start weigh most (half as much 8 bars
// in), because a clip must open on the hook rather than merely contain it, and the second
// term, the lift, rewards starting where the music gets louder (the first bar of a chorus, the
// drop after a build-up). Lift is read from loudness alone: a chorus's first bar is often less
// dense than the rest (its crash cymbal masks the hats' onsets), but not quieter; where fewer
// than two bars come before, those there are used, and the first bar has none (a track that
// opens at full level does not rise into it). The best-scoring start wins, the earliest
// on a tie. Without a tempo the same is done on a nominal 120 BPM grid from the track's start.
//
// Why 256 bars (REPEAT_WINDOW_BARS) are enough. A hook is 15-60 s, and what makes it one is that
// it comes back: a chorus after a verse, a drop after a breakdown, a minute or two later. 256
// bars either side is 8.5 minutes at 120 BPM and about 6 at 174, so every song up to that long
// has every pair of its bars compared, exactly as when the whole track was compared, and scores
// the same. Only a longer recording (a DJ mix, a live set: uploads go up to 3 hours) is
// compared within the window, where a passage that returns half an hour later says nothing
// about whether a clip of it is worth hearing. The cost is then O(bars × 256) in time and
// memory (a band of similarities, never the bars × bars matrix): a 3-hour track at 120 BPM
// (5,400 bars) compares 1.4 million pairs instead of 14.6 million, in 11 MB instead of 233 MB.

import type { Analysis } from './analysis-format';
import { barFeatures, type BarFeatures } from './bar-features';
import { barGrid, type BarGrid } from './bar-grid';
import { hookLengthBars, hookSectionAt, type HookSection } from './hook';

const LOUDNESS_RANGE_DB = 24;
const WEIGHT_LOUDNESS = 0.45;
const WEIGHT_DENSITY = 0.35;
const WEIGHT_REPETITION = 0.2;
/** Bars compared in step when judging whether a passage recurs. */
const PHRASE_BARS = 4;
/** Similarity below which a bar counts as different music. */
const MOVED_ON_SIMILARITY = 0.5;
/** How far apart (in bars) two passages may be and still count as one coming back. */
export const REPEAT_WINDOW_BARS = 256;
/** Bars into the clip at which a bar weighs half as much as the first. */
const HALF_WEIGHT_BARS = 8;
const LIFT_WEIGHT = 0.5;

/** The proposed hook, with what made it win. */
export interface Hook extends HookSection {
  /** The winning score(s) (see the module comment); higher is better. */
  score: number;
  /** Mean marks of the hook's bars (0..1) and the lift at its start. */
  marks: { loudness: number; density: number; repetition: number; lift: number };
  /** One sentence for people: where and why. */
  reason: string;
}

/**
 * Proposes the hook of an analysed track for a clip of about `targetSeconds` (15-60 s,
 * default 30). Pass `grid` when the caller already has it (the same barGrid(analysis)).
 */
export function findHook(
  analysis: Analysis,
  options: { targetSeconds?: number; grid?: BarGrid } = {},
): Hook {
  const grid = options.grid ?? barGrid(analysis);
  return hookFinder(analysis, grid).find(options.targetSeconds);
}

/** The hooks of one track: the bars' marks worked out once, then a hook of any length. */
export interface HookFinder {
  /** The hook for a clip of about `targetSeconds` (as findHook). */
  find(targetSeconds?: number): Hook;
  /** The first bar of the best hook of `bars` whole bars (0 when none fits). */
  bestStart(bars: number): number;
}

/**
 * Marks every bar of the track once (the costly part: see repetition), so that the hook of
 * every length a clip may have (15-60 s) costs one more pass over the bars each.
 */
export function hookFinder(analysis: Analysis, grid: BarGrid): HookFinder {
  const features = barFeatures(analysis, grid);
  const marks = barMarks(features);
  const h = marks.loudness.map(
    (l, i) =>
      WEIGHT_LOUDNESS * l +
      WEIGHT_DENSITY * marks.density[i]! +
      WEIGHT_REPETITION * marks.repetition[i]!,
  );
  const lift = (s: number): number => {
    const after = marks.loudness.slice(s, s + 2);
    const before = marks.loudness.slice(Math.max(0, s - 2), s);
    if (before.length === 0 || after.length === 0) return 0;
    return Math.max(0, average(after) - average(before));
  };

  const best = (bars: number): { start: number; score: number } => {
    const weights = Array.from({ length: bars }, (_, k) => 2 ** (-k / HALF_WEIGHT_BARS));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    let bestStart = 0;
    let bestScore = -Infinity;
    for (let s = 0; s + bars <= features.count; s++) {
      let sum = 0;
      for (let k = 0; k < bars; k++) sum += weights[k]! * h[s + k]!;
      const score = sum / weightSum + LIFT_WEIGHT * lift(s);
      if (score > bestScore + 1e-12) [bestStart, bestScore] = [s, score];
    }
    return { start: bestStart, score: bestScore };
  };

  const find = (targetSeconds?: number): Hook => {
    const bars = hookLengthBars(grid, targetSeconds);
    const { start: bestStart, score: bestScore } = best(bars);
    const section = hookSectionAt(grid, bestStart, bars);
    const mean = (values: readonly number[]): number => {
      if (section.bars === 0) return 0;
      let sum = 0;
      for (let k = 0; k < section.bars; k++) sum += values[section.startBar + k]!;
      return sum / section.bars;
    };
    const hookMarks = {
      loudness: round(mean(marks.loudness)),
      density: round(mean(marks.density)),
      repetition: round(mean(marks.repetition)),
      lift: round(section.bars > 0 ? lift(section.startBar) : 0),
    };
    return {
      ...section,
      score: round(Number.isFinite(bestScore) ? bestScore : 0),
      marks: hookMarks,
      reason: describe(section, hookMarks),
    };
  };
  return { find, bestStart: (bars) => best(bars).start };
}

/** The three 0..1 marks of every bar (see the module comment). */
export function barMarks(features: BarFeatures): {
  loudness: number[];
  density: number[];
  repetition: number[];
} {
  const { count } = features;
  const maxDb = Math.max(...features.levelDb);
  const maxOnsets = Math.max(0, ...features.onsetRate);
  const maxFlux = Math.max(0, ...features.flux);
  const loudness: number[] = [];
  const density: number[] = [];
  for (let i = 0; i < count; i++) {
    loudness.push(clamp01(1 + (features.levelDb[i]! - maxDb) / LOUDNESS_RANGE_DB));
    const onsets = maxOnsets > 0 ? features.onsetRate[i]! / maxOnsets : 0;
    const flux = maxFlux > 0 ? features.flux[i]! / maxFlux : 0;
    density.push((onsets + flux) / 2);
  }
  return { loudness, density, repetition: repetition(features) };
}

// R_i of the module comment. Only bars up to REPEAT_WINDOW_BARS apart are compared (see the
// module comment), from a band of similarities: sim(a, a + d) for d = 0..window, never the
// count × count matrix. Within the window it is the same search, in the same order, on the
// same values as comparing every pair, so a song shorter than the window scores as before.
function repetition(features: BarFeatures): number[] {
  const { count } = features;
  const window = Math.max(0, Math.min(REPEAT_WINDOW_BARS, count - 1));
  const stride = window + 1;
  const band = centredCosineBand(features, window);
  // sim(a, b) for |a - b| <= window, read from the band of the earlier bar.
  const sim = (a: number, b: number): number =>
    a <= b ? band[a * stride + (b - a)]! : band[b * stride + (a - b)]!;
  const phrase = (i: number, j: number): number => {
    let sum = 0;
    let n = 0;
    for (let k = 0; k < PHRASE_BARS && i + k < count && j + k < count; k++) {
      sum += sim(i + k, j + k);
      n++;
    }
    return n > 0 ? sum / n : 0;
  };
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    let best = 0;
    let movedOn = false;
    for (let j = i + 1; j < count && j <= i + window; j++) {
      if (movedOn) best = Math.max(best, phrase(i, j));
      else if (sim(i, j) < MOVED_ON_SIMILARITY) movedOn = true;
    }
    movedOn = false;
    for (let j = i - 1; j >= 0 && j >= i - window; j--) {
      if (movedOn) best = Math.max(best, phrase(i, j));
      else if (sim(i, j) < MOVED_ON_SIMILARITY) movedOn = true;
    }
    out.push(best);
  }
  return out;
}

// Cosine similarity of the bar spectra after removing the track's mean spectrum, so what is
// compared is how a bar differs from the track as a whole: out[a · (window + 1) + d] is the
// similarity of bars a and a + d (0 past the last bar), count × (window + 1) values.
function centredCosineBand(features: BarFeatures, window: number): Float64Array {
  const { count, bandCount, spectra } = features;
  const mean = new Float64Array(bandCount);
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < bandCount; j++) mean[j]! += spectra[i * bandCount + j]! / count;
  }
  const centred = new Float64Array(count * bandCount);
  const norms = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    let squares = 0;
    for (let j = 0; j < bandCount; j++) {
      const value = spectra[i * bandCount + j]! - mean[j]!;
      centred[i * bandCount + j] = value;
      squares += value * value;
    }
    norms[i] = Math.sqrt(squares);
  }
  const stride = window + 1;
  const out = new Float64Array(count * stride);
  for (let a = 0; a < count; a++) {
    out[a * stride] = 1;
    for (let d = 1; d <= window && a + d < count; d++) {
      const b = a + d;
      let dot = 0;
      for (let j = 0; j < bandCount; j++)
        dot += centred[a * bandCount + j]! * centred[b * bandCount + j]!;
      const denominator = norms[a]! * norms[b]!;
      out[a * stride + d] = denominator > 1e-9 ? dot / denominator : 0;
    }
  }
  return out;
}

function describe(section: HookSection, marks: Hook['marks']): string {
  const clock = (seconds: number): string => {
    const whole = Math.round(seconds);
    return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
  };
  const percent = (value: number): string => `${Math.round(value * 100)}%`;
  const where =
    section.bars > 0
      ? `${section.bars} bars from bar ${section.startBar + 1} (${clock(section.startSeconds)}-${clock(section.endSeconds)})`
      : `the whole track (${clock(section.endSeconds)}), shorter than a bar`;
  return (
    `${where}: loudness ${percent(marks.loudness)}, density ${percent(marks.density)}, ` +
    `repetition ${percent(marks.repetition)}, lift at its start ${percent(marks.lift)}`
  );
}

function average(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
