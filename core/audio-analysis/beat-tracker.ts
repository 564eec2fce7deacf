// Beat placement by dynamic programming over the onset envelope (Ellis 2007, "Beat tracking by
// dynamic programming"): beats fall on strong onsets while their spacing stays near the period.

/** How strongly beat spacing is held to the period (librosa's default "tightness"). */
const TIGHTNESS = 100;
/** Leading and trailing beats whose smoothed onset strength is below this fraction of the
 * track's RMS (smoothed) beat strength are dropped: the grid should not tick through an intro or
 * outro without a beat (the rule of librosa's beat tracker). */
const TRIM_FRACTION = 0.5;
/** ...as are those whose own strength is below this fraction of the RMS beat strength: a single
 * beat after the last click is diluted too little by smoothing to fall under the first rule. */
const SILENT_BEAT_FRACTION = 0.1;
/** Beats averaged (Hann-weighted) when judging whether a leading or trailing beat is audible. */
const TRIM_SMOOTHING_BEATS = 8;

/**
 * Frames of the beats of a track, ascending, given its onset envelope and beat period (frames).
 * Follows slow tempo drift because each beat only looks back 0.5 to 2 periods. Memory: the
 * cumulative score lives in a ring of 2 periods; only the back-links (4 bytes per frame) span the
 * track, because the best chain is known only at its end.
 */
export function trackBeats(envelope: Float32Array, periodFrames: number): number[] {
  const length = envelope.length;
  let sumSquares = 0;
  let sum = 0;
  for (let i = 0; i < length; i++) {
    sum += envelope[i]!;
    sumSquares += envelope[i]! * envelope[i]!;
  }
  const variance = length > 1 ? sumSquares / length - (sum / length) ** 2 : 0;
  if (!(variance > 0)) return [];
  // Onset strength in standard deviations, so TIGHTNESS means the same for loud and quiet tracks.
  const scale = 1 / Math.sqrt(variance);

  const shortest = Math.max(1, Math.round(periodFrames / 2));
  const longest = Math.max(shortest, Math.round(2 * periodFrames));
  const penalty = new Float64Array(longest + 1);
  for (let gap = shortest; gap <= longest; gap++) {
    penalty[gap] = -TIGHTNESS * Math.log(gap / periodFrames) ** 2;
  }
  const ringLength = longest + 1;
  const score = new Float64Array(ringLength);
  const backLink = new Int32Array(length);
  for (let t = 0; t < length; t++) {
    let best = 0;
    let from = -1;
    for (let gap = shortest; gap <= Math.min(longest, t); gap++) {
      const candidate = score[(t - gap) % ringLength]! + penalty[gap]!;
      if (from < 0 || candidate > best) {
        best = candidate;
        from = t - gap;
      }
    }
    score[t % ringLength] = envelope[t]! * scale + (from < 0 ? 0 : best);
    backLink[t] = from;
  }

  // The chain ends at the best-scoring frame within the last period; on a tie the earliest, as a
  // chain that merely coasts on past the music scores the same as the one it extends.
  let last = Math.max(0, length - Math.round(periodFrames));
  for (let t = last + 1; t < length; t++) {
    if (score[t % ringLength]! > score[last % ringLength]!) last = t;
  }
  const beats: number[] = [];
  for (let t = last; t >= 0; t = backLink[t]!) beats.push(t);
  beats.reverse();
  return trimSilentEnds(beats, envelope);
}

// Drops beats at either end where the music has not started or has stopped.
function trimSilentEnds(beats: number[], envelope: Float32Array): number[] {
  if (beats.length === 0) return beats;
  const strength = beats.map((frame) => {
    // The envelope peak can sit a frame either side of the beat.
    let peak = 0;
    for (let t = frame - 1; t <= frame + 1; t++) peak = Math.max(peak, envelope[t] ?? 0);
    return peak;
  });
  const radius = TRIM_SMOOTHING_BEATS / 2;
  const smoothed = strength.map((_, i) => {
    let weighted = 0;
    let weights = 0;
    // Only beats that exist count, so the first and last beats are not diluted by zeros.
    for (let j = Math.max(-radius, -i); j <= Math.min(radius, strength.length - 1 - i); j++) {
      const w = 0.5 + 0.5 * Math.cos((Math.PI * j) / (radius + 1));
      weighted += w * strength[i + j]!;
      weights += w;
    }
    return weighted / weights;
  });
  const rms = (values: number[]): number =>
    Math.sqrt(values.reduce((acc, v) => acc + v * v, 0) / values.length);
  const smoothedThreshold = TRIM_FRACTION * rms(smoothed);
  const silentThreshold = SILENT_BEAT_FRACTION * rms(strength);
  const isWeak = (i: number): boolean =>
    smoothed[i]! < smoothedThreshold || strength[i]! < silentThreshold;
  let first = 0;
  while (first < beats.length && isWeak(first)) first++;
  let end = beats.length;
  while (end > first && isWeak(end - 1)) end--;
  return beats.slice(first, end);
}
