// A hook section of a track: where a short clip starts and ends on its bar lines, how it is
// moved by whole bars, and how long its audio fades in and out. How the section is first
// proposed is hook-finder.ts.

import { barCount, BEATS_PER_BAR, snapToBar, type BarGrid } from './bar-grid';

/** Lengths of a hook clip in seconds (YouTube Shorts, Reels and TikTok take up to 60 s). */
export const HOOK_MIN_SECONDS = 15;
export const HOOK_MAX_SECONDS = 60;
export const HOOK_DEFAULT_SECONDS = 30;
/** A fade lasts the fewest whole beats that make at least this long: shorter sounds like a cut. */
export const HOOK_MIN_FADE_SECONDS = 0.4;

/** A section of the track starting on a bar line and lasting whole bars. */
export interface HookSection {
  startSeconds: number;
  endSeconds: number;
  /** Index of the first bar in the grid (BarGrid.bars). */
  startBar: number;
  /** Whole bars in the section (0 only for a track shorter than one bar: the whole track). */
  bars: number;
  /** Seconds of one bar at the track's tempo. */
  barSeconds: number;
  /** The track's tempo, or null when it has none (the bars are then a nominal 2 s grid). */
  bpm: number | null;
}

/** The target length clamped to 15-60 s (30 s when absent or not a number). */
export function clampHookSeconds(targetSeconds?: number): number {
  if (targetSeconds === undefined || !Number.isFinite(targetSeconds)) return HOOK_DEFAULT_SECONDS;
  return Math.min(HOOK_MAX_SECONDS, Math.max(HOOK_MIN_SECONDS, targetSeconds));
}

/**
 * Whole bars of a hook near `targetSeconds` (clamped to 15-60 s): the nearest whole number of
 * bars, at least one, no longer than 60 s, and no more than the track holds.
 */
export function hookLengthBars(grid: BarGrid, targetSeconds?: number): number {
  const target = clampHookSeconds(targetSeconds);
  const available = barCount(grid);
  if (available === 0) return 0;
  const longest = Math.max(1, Math.floor((HOOK_MAX_SECONDS + 1e-9) / grid.barSeconds));
  return Math.min(available, longest, Math.max(1, Math.round(target / grid.barSeconds)));
}

/** The section of `bars` whole bars from bar `startBar`, both clamped so it fits in the track. */
export function hookSectionAt(grid: BarGrid, startBar: number, bars: number): HookSection {
  const available = barCount(grid);
  const base = { barSeconds: grid.barSeconds, bpm: grid.bpm };
  if (available === 0) {
    return { ...base, startSeconds: 0, endSeconds: grid.durationSeconds, startBar: 0, bars: 0 };
  }
  let length = Math.min(available, Math.max(1, Math.round(bars)));
  const first = Math.min(available - length, Math.max(0, Math.round(startBar)));
  // Bar lines from tracked beats can sit a frame wider than the tempo says: never over 60 s.
  while (length > 1 && grid.bars[first + length]! - grid.bars[first]! > HOOK_MAX_SECONDS) length--;
  return {
    ...base,
    startSeconds: grid.bars[first]!,
    endSeconds: grid.bars[first + length]!,
    startBar: first,
    bars: length,
  };
}

/**
 * The hook for a start the user gave in seconds (the CLI's --hook-start, a drag on the
 * waveform): snapped to the nearest bar line, whole bars near `targetSeconds`, kept in the track.
 */
export function hookFromStart(
  grid: BarGrid,
  startSeconds: number,
  targetSeconds?: number,
): HookSection {
  const bars = hookLengthBars(grid, targetSeconds);
  return hookSectionAt(grid, snapToBar(grid, startSeconds, bars).bar, bars);
}

/** The same hook moved by whole bars (negative: earlier), stopped at the track's ends. */
export function moveHook(grid: BarGrid, hook: HookSection, byBars: number): HookSection {
  return hookSectionAt(grid, hook.startBar + Math.trunc(byBars), hook.bars);
}

/**
 * How long the hook's audio fades in and out: the fewest whole beats lasting at least 0.4 s.
 * That is 1 beat up to 150 BPM and 2 beats from there to 300 BPM (a drum-and-bass track at
 * 174 BPM fades over 0.69 s, not a clipped 0.34 s); 0.5 s without a tempo (the nominal beat).
 */
export function hookFade(grid: BarGrid): { beats: number; seconds: number } {
  const beats = Math.min(
    BEATS_PER_BAR,
    Math.max(1, Math.ceil(HOOK_MIN_FADE_SECONDS / grid.beatSeconds - 1e-9)),
  );
  return { beats, seconds: beats * grid.beatSeconds };
}
