// Where lyrics may go in a frame and how a line is set to fit there: the largest size up to a
// style's own, shrinking to a minimum before wrapping into more lines, never cut off.

import type { Canvas2D } from '../canvas-2d';
import { renderFont } from '../fonts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of the frame text may use. Vertical videos (9:16) keep clear of what Shorts, Reels and
 * TikTok lay over them: the buttons down the right (15 %), the caption and account at the bottom
 * (20 %) and the top bar (10 %). Other shapes keep a title-safe margin of 7.5 % a side.
 */
export function safeArea(width: number, height: number): Box {
  if (height >= width * 1.5) {
    const left = width * 0.06;
    const right = width * 0.15;
    const top = height * 0.1;
    const bottom = height * 0.2;
    return { x: left, y: top, width: width - left - right, height: height - top - bottom };
  }
  const mx = width * 0.075;
  const my = height * 0.075;
  return { x: mx, y: my, width: width - 2 * mx, height: height - 2 * my };
}

/**
 * The part of the safe area lyrics take when a template's main shape lies in it: the largest of
 * the bands above, below, left and right of the shape, a gap away from it. The whole safe area
 * when the shape is outside it or leaves no band.
 */
export function lyricsArea(safe: Box, shape: Box | null, gap: number): Box {
  if (!shape) return safe;
  const right = safe.x + safe.width;
  const bottom = safe.y + safe.height;
  const overlaps =
    shape.x < right &&
    shape.x + shape.width > safe.x &&
    shape.y < bottom &&
    shape.y + shape.height > safe.y;
  if (!overlaps) return safe;
  const bands: Box[] = [
    { x: safe.x, y: safe.y, width: safe.width, height: shape.y - gap - safe.y },
    {
      x: safe.x,
      y: shape.y + shape.height + gap,
      width: safe.width,
      height: bottom - (shape.y + shape.height + gap),
    },
    { x: safe.x, y: safe.y, width: shape.x - gap - safe.x, height: safe.height },
    {
      x: shape.x + shape.width + gap,
      y: safe.y,
      width: right - (shape.x + shape.width + gap),
      height: safe.height,
    },
  ].filter((band) => band.width > 0 && band.height > 0);
  if (bands.length === 0) return safe;
  return bands.reduce((best, band) =>
    band.width * band.height > best.width * best.height ? band : best,
  );
}

/** One row of a set line: a range of the line's text. */
export interface SetRow {
  text: string;
  /** Character range in the line's text. */
  from: number;
  to: number;
}

export interface SetText {
  /** Font size in pixels. */
  size: number;
  rows: SetRow[];
  /** Distance between rows' baselines. */
  lineHeight: number;
}

export interface FitOptions {
  families: readonly string[];
  weight?: 400 | 700;
  /** Size of one unwrapped row that fits; the text is never larger. */
  maxSize: number;
  /** The text shrinks to this before it wraps into one more row. */
  minSize: number;
  maxWidth: number;
  /** Height the rows must fit in (the size goes below minSize only when they cannot). */
  maxHeight: number;
  /** Rows at most before shrinking below minSize; unlimited when absent. */
  maxRows?: number;
  /** Row spacing as a multiple of the size. */
  leading?: number;
}

/**
 * Places where a row may break: after whitespace, and around each character of scripts written
 * without spaces (Japanese). Answers the pieces, each with its range (whitespace stays with the
 * piece before it).
 */
export function breakPieces(text: string): SetRow[] {
  const pieces: SetRow[] = [];
  const pattern =
    /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]\s*|[^\s\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]+\s*|\s+/gu;
  for (const m of text.matchAll(pattern)) {
    pieces.push({ text: m[0], from: m.index, to: m.index + m[0].length });
  }
  return pieces;
}

/** A piece wider than a row split between its characters (marks kept with their letter). */
function splitPiece(ctx: Canvas2D, piece: SetRow, maxWidth: number): SetRow[] {
  const out: SetRow[] = [];
  let row: SetRow | null = null;
  for (const m of piece.text.matchAll(/\P{M}\p{M}*/gu)) {
    const from = piece.from + m.index;
    const candidate: SetRow = row
      ? { text: row.text + m[0], from: row.from, to: from + m[0].length }
      : { text: m[0], from, to: from + m[0].length };
    if (row && ctx.measureText(candidate.text.trimEnd()).width > maxWidth) {
      out.push(row);
      row = { text: m[0], from, to: from + m[0].length };
    } else {
      row = candidate;
    }
  }
  if (row) out.push(row);
  return out;
}

/** Rows of the text that fit maxWidth in the context's current font (trailing spaces dropped). */
export function wrapRows(ctx: Canvas2D, text: string, maxWidth: number): SetRow[] {
  const rows: SetRow[] = [];
  let row: SetRow | null = null;
  const width = (s: string) => ctx.measureText(s.trimEnd()).width;
  for (const piece of breakPieces(text)) {
    const candidate: SetRow = row
      ? { text: row.text + piece.text, from: row.from, to: piece.to }
      : piece;
    if (width(candidate.text) <= maxWidth) {
      row = candidate;
      continue;
    }
    if (row) rows.push(row);
    row = null;
    if (width(piece.text) <= maxWidth) {
      row = piece;
    } else {
      const parts = splitPiece(ctx, piece, maxWidth);
      rows.push(...parts.slice(0, -1));
      row = parts.at(-1) ?? null;
    }
  }
  if (row) rows.push(row);
  return rows
    .map((r) => {
      const trimmed = r.text.trimEnd();
      return { text: trimmed, from: r.from, to: r.from + trimmed.length };
    })
    .filter((r) => r.text.length > 0);
}

/**
 * Sets text in the largest size that fits: on one row from maxSize down to minSize, then on two,
 * three... rows (each at the largest size that fits) up to maxRows and maxHeight; if even that
 * fails, smaller than minSize until every row fits both ways. Leaves ctx.font set to the result.
 */
export function fitText(ctx: Canvas2D, text: string, options: FitOptions): SetText {
  const { families, maxWidth, maxHeight } = options;
  const weight = options.weight ?? 700;
  const leading = options.leading ?? 1.2;
  const trimmed = text.trim();
  const setAt = (size: number): SetText => {
    ctx.font = renderFont(families, size, weight);
    return { size, rows: wrapRows(ctx, trimmed, maxWidth), lineHeight: size * leading };
  };
  const fits = (set: SetText, rows: number) =>
    set.rows.length <= rows && set.size + (set.rows.length - 1) * set.lineHeight <= maxHeight;
  const maxRows = Math.max(1, options.maxRows ?? Infinity);
  const minSize = Math.min(options.minSize, options.maxSize);
  // Sizes from the largest down, 4 % a step.
  const sizes: number[] = [];
  for (let s = options.maxSize; s > minSize; s *= 0.96) sizes.push(Math.round(s));
  sizes.push(Math.round(minSize));
  for (let rows = 1; rows <= Math.min(maxRows, 12); rows++) {
    for (const size of sizes) {
      const set = setAt(size);
      if (fits(set, rows)) return set;
    }
  }
  for (let size = Math.round(minSize * 0.9); size > 4; size = Math.round(size * 0.9)) {
    const set = setAt(size);
    if (fits(set, Infinity)) return set;
  }
  return setAt(4);
}
