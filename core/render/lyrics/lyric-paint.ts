// How the lyric styles paint: colours taken from the template's palette, legible over any
// picture, and a set line drawn row by row in its script's font and direction.

import type { Canvas2D } from '../canvas-2d';
import { renderFont } from '../fonts';
import type { SceneColors } from '../scene';
import { luminance, mix } from '../templates/color';
import type { SetText } from './layout';
import { isRightToLeft, type LyricScript } from './script';

export interface LyricColors {
  /** The words. */
  text: string;
  /** What is being sung: the karaoke fill, the sheet's current line, every other kinetic word. */
  accent: string;
}

/**
 * The lyrics' colours from the template's palette: the lightest of its line colours for the
 * words (white if none is light enough to read over a dark picture), its spectrum colour,
 * lightened when dark, for the accent.
 */
export function lyricColors(colors: SceneColors): LyricColors {
  const candidates = [colors.color_border, colors.waveform_color, colors.bar_border];
  const lightest = candidates.reduce((a, b) => (luminance(b) > luminance(a) ? b : a));
  const text = luminance(lightest) >= 0.55 ? lightest : '#ffffff';
  let accent = colors.spectrum_color;
  if (luminance(accent) < 0.45) accent = mix(accent, '#ffffff', 0.45);
  if (accent.toLowerCase() === text.toLowerCase()) {
    accent = mix(colors.bar_fill, '#ffffff', 0.3);
  }
  return { text, accent };
}

/** A soft dark shadow under the words, so they read on a bright picture too. */
export function textShadow(ctx: Canvas2D, u: number): void {
  ctx.shadowColor = 'rgba(0,0,0,0.7)';
  ctx.shadowBlur = 14 * u;
  ctx.shadowOffsetX = 0;
  ctx.shadowOffsetY = 2 * u;
}

/** A set line placed in the frame: rows centred on cx, the first row's top at top. */
export interface PlacedText {
  set: SetText;
  script: LyricScript;
  families: readonly string[];
  cx: number;
  top: number;
}

/** Height of the rows from the first's top to the last's bottom. */
export function blockHeight(set: SetText): number {
  return set.size + (set.rows.length - 1) * set.lineHeight;
}

/** Baseline of row i: the cap height (about 0.8 of the size) below its top. */
function baseline(placed: PlacedText, i: number): number {
  return placed.top + placed.set.size * 0.82 + i * placed.set.lineHeight;
}

function useFont(ctx: Canvas2D, placed: PlacedText): void {
  ctx.font = renderFont(placed.families, placed.set.size, 700);
  ctx.direction = isRightToLeft(placed.script) ? 'rtl' : 'ltr';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
}

/** Draws every row of the line in the current fill style. */
export function paintRows(ctx: Canvas2D, placed: PlacedText): void {
  useFont(ctx, placed);
  placed.set.rows.forEach((row, i) => ctx.fillText(row.text, placed.cx, baseline(placed, i)));
}

/**
 * Draws the rows again in `color` up to `sung` characters of the line's text (fractional within
 * a character), clipped: the karaoke fill, from the left, or from the right in a right-to-left
 * script.
 */
export function paintSung(ctx: Canvas2D, placed: PlacedText, sung: number, color: string): void {
  useFont(ctx, placed);
  const rtl = isRightToLeft(placed.script);
  placed.set.rows.forEach((row, i) => {
    const chars = Math.min(row.to - row.from, Math.max(0, sung - row.from));
    if (chars <= 0) return;
    const rowWidth = ctx.measureText(row.text).width;
    const whole = Math.floor(chars);
    const done = ctx.measureText(row.text.slice(0, whole)).width;
    const next = ctx.measureText(row.text.slice(0, whole + 1)).width;
    const filled = Math.min(rowWidth, done + (next - done) * (chars - whole));
    const left = placed.cx - rowWidth / 2;
    const y = baseline(placed, i);
    const pad = placed.set.size * 0.3;
    ctx.save();
    ctx.beginPath();
    if (rtl)
      ctx.rect(
        left + rowWidth - filled,
        y - placed.set.size - pad,
        filled + pad,
        placed.set.size * 1.6 + pad,
      );
    else ctx.rect(left - pad, y - placed.set.size - pad, filled + pad, placed.set.size * 1.6 + pad);
    ctx.clip();
    ctx.fillStyle = color;
    ctx.fillText(row.text, placed.cx, y);
    ctx.restore();
  });
}

/** The rows' widest width, in the line's font. */
export function widestRow(ctx: Canvas2D, placed: PlacedText): number {
  useFont(ctx, placed);
  return Math.max(0, ...placed.set.rows.map((r) => ctx.measureText(r.text).width));
}
