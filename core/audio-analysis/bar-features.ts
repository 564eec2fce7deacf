// What each bar of a track sounds like, summed from the stored per-frame analysis: its level,
// how busy it is, and its average spectrum (the vector bars are compared by).

import type { Analysis } from './analysis-format';
import type { BarGrid } from './bar-grid';

/** Per-bar features, one entry per whole bar of the grid. */
export interface BarFeatures {
  count: number;
  bandCount: number;
  /** Mean power of the bar's frames in dB (10·log10 of mean RMS²); -120 for silence. */
  levelDb: Float64Array;
  /** Onset strength per second (the sum of the strengths of the bar's stored onsets / its length). */
  onsetRate: Float64Array;
  /**
   * Mean spectral flux per frame, from the stored bands: the sum over bands of each rise of the
   * band's byte (its dB level) from the frame before. Busy, bright passages rise often.
   */
  flux: Float64Array;
  /** Mean band bytes of the bar, bar-major (count × bandCount). */
  spectra: Float64Array;
}

const SILENCE_DB = -120;

/** Sums the analysis over each whole bar of the grid, in one pass over the frames. */
export function barFeatures(analysis: Analysis, grid: BarGrid): BarFeatures {
  const { fps, bandCount, onsets } = analysis.summary;
  const count = Math.max(0, grid.bars.length - 1);
  const levelDb = new Float64Array(count);
  const onsetRate = new Float64Array(count);
  const flux = new Float64Array(count);
  const spectra = new Float64Array(count * bandCount);
  const frameOf = (seconds: number): number =>
    Math.min(analysis.frameCount, Math.max(0, Math.round(seconds * fps)));

  let previous: Uint8Array | null = null;
  let frame = 0;
  for (let bar = 0; bar < count; bar++) {
    const from = frameOf(grid.bars[bar]!);
    const to = frameOf(grid.bars[bar + 1]!);
    if (frame < from) {
      frame = from;
      previous = from > 0 ? analysis.bandsAt(from - 1) : null;
    }
    let squares = 0;
    let rise = 0;
    for (; frame < to; frame++) {
      const rms = analysis.rmsAt(frame);
      squares += rms * rms;
      const bands = analysis.bandsAt(frame);
      for (let j = 0; j < bandCount; j++) {
        const value = bands[j]!;
        spectra[bar * bandCount + j]! += value;
        if (previous && value > previous[j]!) rise += value - previous[j]!;
      }
      previous = bands;
    }
    const frames = to - from;
    if (frames > 0) {
      const meanSquare = squares / frames;
      levelDb[bar] =
        meanSquare > 0 ? Math.max(SILENCE_DB, 10 * Math.log10(meanSquare)) : SILENCE_DB;
      flux[bar] = rise / frames;
      for (let j = 0; j < bandCount; j++) spectra[bar * bandCount + j]! /= frames;
    } else {
      levelDb[bar] = SILENCE_DB;
    }
  }

  // Onsets are ascending, as are the bars: one merge.
  let bar = 0;
  for (const onset of onsets) {
    const t = onset.frame / fps;
    while (bar < count && t >= grid.bars[bar + 1]!) bar++;
    if (bar >= count) break;
    if (t >= grid.bars[bar]!) onsetRate[bar]! += onset.strength;
  }
  for (let i = 0; i < count; i++) {
    const seconds = grid.bars[i + 1]! - grid.bars[i]!;
    onsetRate[i] = seconds > 0 ? onsetRate[i]! / seconds : 0;
  }
  return { count, bandCount, levelDb, onsetRate, flux, spectra };
}
