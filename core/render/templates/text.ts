// Text with the bundled fonts: sized to fit, so long titles never overflow the frame.

import type { Canvas2D } from '../canvas-2d';
import { renderFont } from '../fonts';

/**
 * Sets ctx.font to the family at the largest size up to maxSize (px) at which text fits maxWidth,
 * and returns that size. Width scales linearly with size, so one measurement is enough.
 */
export function fitFont(
  ctx: Canvas2D,
  text: string,
  family: string,
  maxSize: number,
  maxWidth: number,
  weight: 400 | 700 = 400,
  minSize = 8,
): number {
  ctx.font = renderFont(family, maxSize, weight);
  const width = ctx.measureText(text).width;
  let size = maxSize;
  if (width > maxWidth && width > 0)
    size = Math.max(minSize, Math.floor((maxSize * maxWidth) / width));
  ctx.font = renderFont(family, size, weight);
  return size;
}

/** Draws text fitted to maxWidth at (x, y) with the context's alignment; returns the size used. */
export function drawFittedText(
  ctx: Canvas2D,
  text: string,
  x: number,
  y: number,
  family: string,
  maxSize: number,
  maxWidth: number,
  weight: 400 | 700 = 400,
): number {
  if (!text) return 0;
  const size = fitFont(ctx, text, family, maxSize, maxWidth, weight);
  ctx.fillText(text, x, y);
  return size;
}

/** Adds letter spacing by inserting hair spaces is not portable; draw characters one by one. */
export function drawSpacedText(
  ctx: Canvas2D,
  text: string,
  x: number,
  y: number,
  spacing: number,
  align: 'left' | 'center' | 'right' = 'left',
): void {
  const saved = ctx.textAlign;
  ctx.textAlign = 'left';
  const widths = Array.from(text).map((c) => ctx.measureText(c).width);
  const total = widths.reduce((a, b) => a + b, 0) + spacing * Math.max(0, widths.length - 1);
  let at = align === 'left' ? x : align === 'center' ? x - total / 2 : x - total;
  Array.from(text).forEach((c, i) => {
    ctx.fillText(c, at, y);
    at += widths[i]! + spacing;
  });
  ctx.textAlign = saved;
}

/** Splits text into at most maxLines lines that fit maxWidth in the current font (words kept whole). */
export function wrapLines(
  ctx: Canvas2D,
  text: string,
  maxWidth: number,
  maxLines: number,
): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(candidate).width > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).join(' ')];
}
