// The track's tempo grid as the analysis gives it (summary.beatFrames at summary.fps, the way
// core/render reads beats), and the nearest beat to a moment.
import type { AnalysisSummary } from '../../../core/audio-analysis/analyzer';

/** Beats per bar: the analysis finds beats, not the metre, so bars are drawn in 4/4. */
export const BEATS_PER_BAR = 4;

/** The beats of a track in seconds, ascending; empty when it has no steady pulse. */
export function beatTimes(summary: Pick<AnalysisSummary, 'beatFrames' | 'fps'>): number[] {
  if (!(summary.fps > 0)) return [];
  return summary.beatFrames.map((frame) => frame / summary.fps);
}

/** Every BEATS_PER_BAR-th beat, from the first. */
export function barTimes(beats: readonly number[]): number[] {
  return beats.filter((_, i) => i % BEATS_PER_BAR === 0);
}

/** The beat closest to `seconds` (beats ascending), or null when there are none. */
export function nearestBeat(beats: readonly number[], seconds: number): number | null {
  if (beats.length === 0) return null;
  let low = 0;
  let high = beats.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (beats[mid]! < seconds) low = mid + 1;
    else high = mid;
  }
  const after = beats[low]!;
  const before = low > 0 ? beats[low - 1]! : after;
  return seconds - before <= after - seconds ? before : after;
}
