// Beats and onsets near a moment, read from the analysis, for effects that outlive one pulse
// (rings, particles): each is a pure function of t and the event list.

import type { Analysis } from '../../audio-analysis/analysis-format';

export interface PastEvent {
  /** Index in the track's list. */
  index: number;
  /** Seconds since the event (>= 0). */
  age: number;
  /** 0..1 (1 for beats). */
  strength: number;
}

/** Beats of the last `window` seconds up to t, newest last; onsets when the track has no beat. */
export function recentBeats(analysis: Analysis | null, t: number, window: number): PastEvent[] {
  if (!analysis) return [];
  const { fps, beatFrames } = analysis.summary;
  if (beatFrames.length === 0) return recentOnsets(analysis, t, window, 0.5);
  const out: PastEvent[] = [];
  for (let i = 0; i < beatFrames.length; i++) {
    const age = t - beatFrames[i]! / fps;
    if (age < 0) break;
    if (age <= window) out.push({ index: i, age, strength: 1 });
  }
  return out;
}

/** Onsets of at least minStrength in the last `window` seconds up to t, newest last. */
export function recentOnsets(
  analysis: Analysis | null,
  t: number,
  window: number,
  minStrength = 0,
): PastEvent[] {
  if (!analysis) return [];
  const { fps, onsets } = analysis.summary;
  const out: PastEvent[] = [];
  // Binary search for the first onset inside the window.
  let lo = 0;
  let hi = onsets.length;
  const from = (t - window) * fps;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (onsets[m]!.frame < from) lo = m + 1;
    else hi = m;
  }
  for (let i = lo; i < onsets.length; i++) {
    const o = onsets[i]!;
    const age = t - o.frame / fps;
    if (age < 0) break;
    if (o.strength >= minStrength) out.push({ index: i, age, strength: o.strength });
  }
  return out;
}
