// The timing of a Spotify Canvas loop: how long it lasts, how many beats it holds, and where in
// the loop a frame sits. A Canvas plays over and over behind the song, so its motion is periodic
// (every moving thing is a function of the loop's phase, never of the absolute time) and its
// length is a whole number of beats of the section the artist picked, so its pulses stay on the
// song's beats when Spotify repeats it.

import type { Analysis } from '../audio-analysis/analysis-format';

/** Spotify's limits for a Canvas, in seconds. */
export const CANVAS_MIN_SECONDS = 3;
export const CANVAS_MAX_SECONDS = 8;
/** The length a loop aims for when the user does not pick one. */
export const CANVAS_DEFAULT_SECONDS = 6;
/** Canvas frame sizes, 9:16 (the first is the default) and frame rates (Spotify takes 24-30). */
export const CANVAS_SIZES = [
  { width: 1080, height: 1920 },
  { width: 720, height: 1280 },
] as const;
export const CANVAS_FRAME_RATES = [24, 25, 30] as const;
export const CANVAS_DEFAULT_FPS = 30;
/** How much of the track after the section's start its tempo and energy are read from. */
const SECTION_SECONDS = 8;

/** A loop as stored with the render (part of its settings). */
export interface LoopSettings {
  /** Frames in the loop: its length is frames / fps. */
  frames: number;
  /** Beats in the loop (0 when there is no track or no steady beat: nothing pulses). */
  beats: number;
  /** Where the section starts in the track, in seconds (0 without a track). */
  sectionStart: number;
  /** The section's energy relative to the loudest moment of the track, 0..1 (0.5 without). */
  energy: number;
  /** Tempo the loop was cut to, beats per minute, or null. */
  bpm: number | null;
}

/** Where one frame sits in its loop, what a Canvas template draws from. */
export interface LoopTime {
  /** Length of the loop in seconds. */
  seconds: number;
  /** 0..1 through the loop: the last frame's phase flows into the first's. */
  phase: number;
  /** Beats in the loop (0: no beat to follow). */
  beats: number;
  /**
   * Which beat of the loop (0..beats-1) and 0..1 through it. The loop starts half a beat before
   * its first beat: beats fall at (k + 0.5) / beats of the loop.
   */
  beat: number;
  beatPhase: number;
  /** 1 on each beat, easing to 0 halfway to the next one (0 when there are no beats): smooth. */
  pulse: number;
  /** The section's energy, 0..1. */
  energy: number;
}

/**
 * The tempo around a moment, from the beats within SECTION_SECONDS after `start` (at least four
 * of them): the median gap says how many beat periods the span holds (a missed beat counts as
 * two), and the span divided by that count gives the period, finer than the analysis frames the
 * beats are stored in. The track's global tempo is taken when it agrees within 2 % (it is
 * measured over the whole track); without enough beats, it is the answer; else null.
 */
export function sectionBpm(analysis: Analysis | null, start: number): number | null {
  if (!analysis) return null;
  const { fps, beatFrames, bpm } = analysis.summary;
  const inside = beatFrames
    .map((frame) => frame / fps)
    .filter((t) => t >= start && t <= start + SECTION_SECONDS);
  if (inside.length < 4) return bpm;
  const gaps = inside.slice(1).map((t, i) => t - inside[i]!);
  gaps.sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1]!;
  if (median <= 0) return bpm;
  const span = inside.at(-1)! - inside[0]!;
  const local = 60 / (span / Math.max(1, Math.round(span / median)));
  if (bpm && Math.abs(bpm - local) / local < 0.02) return bpm;
  return local;
}

/** Mean level of the section relative to the track's loudest frame, 0..1 (0.5 without a track). */
export function sectionEnergy(analysis: Analysis | null, start: number): number {
  if (!analysis || analysis.frameCount === 0 || analysis.summary.maxRms <= 0) return 0.5;
  const { fps, maxRms } = analysis.summary;
  const from = Math.max(0, Math.floor(start * fps));
  const to = Math.min(analysis.frameCount, Math.ceil((start + SECTION_SECONDS) * fps));
  if (to <= from) return 0.5;
  let sum = 0;
  for (let i = from; i < to; i++) sum += analysis.rmsAt(i);
  return Math.min(1, sum / (to - from) / maxRms);
}

/**
 * Plans a loop: with a tempo, the whole number of beats (whole bars of 4 preferred, then pairs)
 * whose length is within 3-8 s and nearest the wanted length; without one, the wanted length.
 * The frame count is that length rounded to whole frames, so a loop of N beats lasts N beats
 * within half a frame.
 */
export function planLoop(options: {
  analysis: Analysis | null;
  sectionStart?: number;
  /** The length the user asked for (3-8 s); with a tempo, the nearest whole beats are taken. */
  seconds?: number;
  fps: number;
}): LoopSettings {
  const sectionStart = Math.max(0, options.sectionStart ?? 0);
  const wanted = clamp(options.seconds ?? CANVAS_DEFAULT_SECONDS);
  const bpm = sectionBpm(options.analysis, sectionStart);
  const energy = sectionEnergy(options.analysis, sectionStart);
  const frames = (seconds: number) => Math.max(1, Math.round(seconds * options.fps));
  if (!bpm || bpm <= 0) {
    return { frames: frames(wanted), beats: 0, sectionStart, energy, bpm: null };
  }
  const beatSeconds = 60 / bpm;
  const fits = (beats: number) =>
    beats * beatSeconds >= CANVAS_MIN_SECONDS - 1e-9 &&
    beats * beatSeconds <= CANVAS_MAX_SECONDS + 1e-9;
  let best = 0;
  for (const group of [4, 2, 1]) {
    let bestScore = Infinity;
    for (let beats = group; beats * beatSeconds <= CANVAS_MAX_SECONDS + 1e-9; beats += group) {
      if (!fits(beats)) continue;
      const score = Math.abs(beats * beatSeconds - wanted);
      if (score < bestScore) [best, bestScore] = [beats, score];
    }
    if (best > 0) break;
  }
  if (best === 0) return { frames: frames(wanted), beats: 0, sectionStart, energy, bpm: null };
  return {
    frames: frames(best * beatSeconds),
    beats: best,
    sectionStart,
    energy,
    bpm: Math.round(bpm * 100) / 100,
  };
}

function clamp(seconds: number): number {
  if (!Number.isFinite(seconds)) return CANVAS_DEFAULT_SECONDS;
  return Math.min(CANVAS_MAX_SECONDS, Math.max(CANVAS_MIN_SECONDS, seconds));
}

/** Where frame time t (seconds from the loop's start) sits in the loop. */
export function loopTime(loop: LoopSettings, fps: number, t: number): LoopTime {
  const seconds = loop.frames / fps;
  const phase = (((t / seconds) % 1) + 1) % 1;
  if (loop.beats <= 0) {
    return { seconds, phase, beats: 0, beat: 0, beatPhase: 0, pulse: 0, energy: loop.energy };
  }
  // Half a beat in: the loop starts and ends between two beats, where the pulse is at rest, so
  // the seam is as calm a step as the calmest frames (on a beat it was among the steepest).
  const position = phase * loop.beats - 0.5;
  const whole = Math.floor(position);
  const beat = ((whole % loop.beats) + loop.beats) % loop.beats;
  const beatPhase = position - whole;
  return {
    seconds,
    phase,
    beats: loop.beats,
    beat,
    beatPhase,
    pulse: Math.pow(0.5 + 0.5 * Math.cos(2 * Math.PI * beatPhase), 3),
    energy: loop.energy,
  };
}

/** A periodic wave of the loop: cycles whole turns over the loop (0..1 values, smooth). */
export function loopWave(phase: number, cycles = 1, offset = 0): number {
  return 0.5 - 0.5 * Math.cos(2 * Math.PI * (phase * cycles + offset));
}

/**
 * Where in the track the loop's time 0 falls, so a preview playing the track pulses on its beats:
 * half a beat before the first beat at or after the section's start (the loop starts between two
 * beats, see loopTime), or the section's start when there is no beat to follow.
 */
export function loopAnchor(analysis: Analysis | null, loop: LoopSettings): number {
  if (!analysis || loop.beats <= 0 || !loop.bpm) return loop.sectionStart;
  const { fps, beatFrames } = analysis.summary;
  const first = beatFrames.map((frame) => frame / fps).find((t) => t >= loop.sectionStart);
  if (first === undefined) return loop.sectionStart;
  return Math.max(0, first - 30 / loop.bpm);
}
