/** How much the latest sample weighs in the smoothed speed (0 to 1). */
const SMOOTHING = 0.3;
/** Samples closer together than this (ms) are merged: speeds over tiny spans jump around. */
const MIN_SPAN_MS = 200;

/**
 * A transfer's speed from its progress reports: bytes per second, smoothed so the figure the
 * user reads does not jump with every chunk. Null until enough time has passed to tell.
 */
export class SpeedMeter {
  private last: { at: number; bytes: number } | null = null;
  private smoothed: number | null = null;

  /** Records that `bytes` have been sent in total at time `at` (ms); returns the speed. */
  sample(bytes: number, at: number): number | null {
    if (!this.last || bytes < this.last.bytes) {
      // The first report, or the transfer went back (resumed lower): start measuring again.
      this.last = { at, bytes };
      this.smoothed = null;
      return null;
    }
    const span = at - this.last.at;
    if (span < MIN_SPAN_MS) return this.smoothed;
    const speed = ((bytes - this.last.bytes) * 1000) / span;
    this.smoothed =
      this.smoothed === null ? speed : SMOOTHING * speed + (1 - SMOOTHING) * this.smoothed;
    this.last = { at, bytes };
    return this.smoothed;
  }

  reset(): void {
    this.last = null;
    this.smoothed = null;
  }
}
