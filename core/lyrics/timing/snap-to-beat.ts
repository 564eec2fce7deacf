// "Snap to beat" in the timing editor: a tapped start moves to the nearest beat of the tempo grid.

/** The beat nearest to `seconds` (the earlier one on a tie); `seconds` itself when there are no beats. Beats are in ascending order. */
export function snapToBeat(seconds: number, beats: readonly number[]): number {
  let low = 0;
  let high = beats.length;
  // The first beat at or after `seconds`.
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((beats[middle] ?? Infinity) < seconds) low = middle + 1;
    else high = middle;
  }
  const after = beats[low];
  const before = beats[low - 1];
  if (before === undefined) return after ?? seconds;
  if (after === undefined) return before;
  return seconds - before <= after - seconds ? before : after;
}
