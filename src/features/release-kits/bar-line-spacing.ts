// Which bar lines the hook's waveform draws: every bar where they stand far enough apart to be
// told apart, else every 2nd, 4th, 8th… bar (musical phrases are 4 and 8 bars long), so a long
// track on a narrow screen shows a grid and not a grey comb.

/** The least room between two drawn bar lines, in CSS px. */
export const BAR_LINE_MIN_GAP_PX = 8;

export interface BarLineSpacing {
  /** Bars from one drawn line to the next: 1, 2, 4, 8…; 0 when nothing is drawn. */
  step: number;
  /** Indices into the bar lines of those drawn, ascending (every step-th from the first). */
  drawn: number[];
}

const NONE: BarLineSpacing = { step: 0, drawn: [] };

/**
 * The bar lines to draw across `widthPx` px showing `durationSeconds` of the track: the smallest
 * step of 1, 2, 4, 8… bars that keeps every two drawn neighbours at least `minGapPx` apart. None
 * while the width or the length is unknown (0) or not a number.
 */
export function barLineSpacing(
  barLines: readonly number[],
  durationSeconds: number,
  widthPx: number,
  minGapPx = BAR_LINE_MIN_GAP_PX,
): BarLineSpacing {
  if (!(durationSeconds > 0) || !(widthPx > 0) || barLines.length === 0) return NONE;
  const pxPerSecond = widthPx / durationSeconds;
  const fits = (step: number) => {
    for (let i = step; i < barLines.length; i += step) {
      if ((barLines[i]! - barLines[i - step]!) * pxPerSecond < minGapPx) return false;
    }
    return true;
  };
  let step = 1;
  // Past the number of bars only the first line is left, and that always fits.
  while (step < barLines.length && !fits(step)) step *= 2;
  const drawn: number[] = [];
  for (let i = 0; i < barLines.length; i += step) drawn.push(i);
  return { step, drawn };
}

/** What a drawn line stands for, said under the waveform. */
export function barLineText(step: number): string {
  if (step <= 1) return 'Each line is a bar.';
  return `A line every ${step} bars.`;
}
