// The precision per-frame peaks are kept at, shared by the analyzer and the file format so that
// writing and reading a frame gives back exactly what the analyzer produced.

/** Peaks are stored as signed 16-bit integers: -PEAK_STEPS..PEAK_STEPS for -1..1. */
export const PEAK_STEPS = 32_767;

/** Clamps a sample to -1..1 and rounds it to the 16-bit grid the file format stores. */
export function quantizePeak(sample: number): number {
  const clamped = sample < -1 ? -1 : sample > 1 ? 1 : sample;
  return Math.round(clamped * PEAK_STEPS) / PEAK_STEPS;
}
