// The rhythm part of a track's summary: onsets, tempo and beats, decided once the track has ended.

import { trackBeats } from './beat-tracker';
import type { RawOnset } from './onset-detector';
import { estimateTempo, refinePeriod } from './tempo-estimator';

/** Onsets with strengths relative to the track's strongest, the tempo and the beat frames. */
export interface Rhythm {
  /** strength: the onset's spectral flux divided by the strongest onset's, 0..1 (4 decimals). */
  onsets: { frame: number; strength: number }[];
  /** Tempo in beats per minute (2 decimals), or null when the track shows no steady pulse. */
  bpm: number | null;
  beatFrames: number[];
}

/** Derives onsets, BPM and beats from the raw onsets and onset envelope of a whole track. */
export function analyseRhythm(
  rawOnsets: readonly RawOnset[],
  envelope: Float32Array,
  fps: number,
): Rhythm {
  let strongest = 0;
  for (const onset of rawOnsets) strongest = Math.max(strongest, onset.flux);
  // Relative strengths: the visualizers normalise per track anyway, and 0..1 reads the same for
  // a quiet and a loud master.
  const onsets = rawOnsets.map((onset) => ({
    frame: onset.frame,
    strength: strongest > 0 ? Math.round((onset.flux / strongest) * 10_000) / 10_000 : 0,
  }));

  const estimate = estimateTempo(envelope, fps);
  if (!estimate) return { onsets, bpm: null, beatFrames: [] };
  const beatFrames = trackBeats(envelope, estimate.periodFrames);
  const period = refinePeriod(beatFrames, estimate.periodFrames);
  return { onsets, bpm: Math.round((6000 * fps) / period) / 100, beatFrames };
}
