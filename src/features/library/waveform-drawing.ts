// A waveform as bars, from the per-bucket peaks of waveformPeaks (core/audio-analysis).

export const BAR_WIDTH_PX = 3;
export const BAR_GAP_PX = 1;

/** How many bars fit in `width` px. */
export function barCount(width: number, barWidth = BAR_WIDTH_PX, gap = BAR_GAP_PX): number {
  if (!(width > 0)) return 0;
  return Math.max(1, Math.floor((width + gap) / (barWidth + gap)));
}

export interface WaveformBar {
  x: number;
  y: number;
  height: number;
}

/**
 * Bars centred on the middle line, scaled so the loudest peak of the track fills the height
 * (quiet tracks stay readable); every bar is at least 1 px so silence still shows.
 */
export function waveformBars(
  peaks: { min: Float32Array; max: Float32Array },
  height: number,
  barWidth = BAR_WIDTH_PX,
  gap = BAR_GAP_PX,
): WaveformBar[] {
  let loudest = 0;
  for (let i = 0; i < peaks.max.length; i++) {
    loudest = Math.max(loudest, Math.abs(peaks.min[i] as number), Math.abs(peaks.max[i] as number));
  }
  const scale = loudest > 0 ? height / 2 / loudest : 0;
  const middle = height / 2;
  const bars: WaveformBar[] = [];
  for (let i = 0; i < peaks.max.length; i++) {
    const top = middle - Math.max(0, peaks.max[i] as number) * scale;
    const bottom = middle - Math.min(0, peaks.min[i] as number) * scale;
    const tall = bottom - top >= 1;
    bars.push({
      x: i * (barWidth + gap),
      y: tall ? top : middle - 0.5,
      height: tall ? bottom - top : 1,
    });
  }
  return bars;
}

/** Paints the bars: those left of `progress` (0 to 1) in the played colour. */
export function drawWaveform(
  context: CanvasRenderingContext2D,
  bars: readonly WaveformBar[],
  options: {
    width: number;
    height: number;
    progress: number;
    played: string;
    rest: string;
    barWidth?: number;
  },
): void {
  const barWidth = options.barWidth ?? BAR_WIDTH_PX;
  context.clearRect(0, 0, options.width, options.height);
  const split = Math.max(0, Math.min(1, options.progress)) * options.width;
  for (const bar of bars) {
    context.fillStyle = bar.x + barWidth / 2 <= split ? options.played : options.rest;
    context.fillRect(bar.x, bar.y, barWidth, bar.height);
  }
}

/** Where a click at `offsetX` px of a `width` px waveform lands, from 0 to 1. */
export function seekFraction(offsetX: number, width: number): number {
  if (!(width > 0)) return 0;
  return Math.max(0, Math.min(1, offsetX / width));
}
