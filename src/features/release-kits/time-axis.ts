// The time axis under the hook's waveform: the start, the end, and round times between them
// (every 5 s, 10 s, 15 s, 30 s, 1 min…) as many as fit on one line at the waveform's width.

/** The least room from one label's place to the next, in CSS px ("10:00" is about 34 px wide). */
export const TIME_LABEL_MIN_GAP_PX = 56;

const STEPS_SECONDS = [5, 10, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600];

/**
 * The seconds to label across `widthPx` px showing `durationSeconds`: 0, round times at the
 * smallest step that keeps labels `minGapPx` apart, and the end (a round time too close to the
 * end gives way to it). Just the start while the width or the length is unknown.
 */
export function timeAxisTicks(
  durationSeconds: number,
  widthPx: number,
  minGapPx = TIME_LABEL_MIN_GAP_PX,
): number[] {
  if (!(durationSeconds > 0) || !(widthPx > 0)) return [0];
  const pxPerSecond = widthPx / durationSeconds;
  if (durationSeconds * pxPerSecond < minGapPx) return [0];
  const step = STEPS_SECONDS.find((seconds) => seconds * pxPerSecond >= minGapPx);
  const ticks = [0];
  if (step !== undefined) {
    for (let t = step; (durationSeconds - t) * pxPerSecond >= minGapPx; t += step) ticks.push(t);
  }
  ticks.push(durationSeconds);
  return ticks;
}
