// A video's title drawn large over one of its frames: what a YouTube thumbnail shows, legible
// at the size a search result gives it (about 250 px wide). Drawn by the renderer's hosts over a
// frame the template drew without its own text, so the title is shown once.

import type { Canvas2D } from './canvas-2d';
import { RENDER_FONT_DISPLAY, RENDER_FONT_SANS, renderFont } from './fonts';
import { rgba } from './templates/color';
import { fitFont, wrapLines } from './templates/text';

export interface TitleCardText {
  title: string;
  artist: string;
  /** '#rrggbb': the rule under the title (the look's own colour). */
  accent: string;
}

/** Lines of the title at most; a longer title is set smaller to fit them. */
const TITLE_LINES = 2;

/**
 * Draws the title (display type, upper case, up to a fifth of the height a line) and the artist
 * below it, centred in the lower part of the frame over a dark fade that keeps them legible on
 * any picture. Draws nothing when both are empty.
 */
export function drawTitleCard(
  ctx: Canvas2D,
  text: TitleCardText,
  width: number,
  height: number,
): void {
  const title = text.title.trim().toUpperCase();
  const artist = text.artist.trim();
  if (!title && !artist) return;
  const u = height / 720;
  const maxWidth = width * 0.86;
  ctx.save();

  // The title's size: the largest at which it wraps into TITLE_LINES lines that fit.
  let size = 150 * u;
  let lines: string[] = [];
  if (title) {
    for (; size > 48 * u; size *= 0.92) {
      ctx.font = renderFont(RENDER_FONT_DISPLAY, size);
      lines = wrapLines(ctx, title, maxWidth, TITLE_LINES);
      if (lines.every((line) => ctx.measureText(line).width <= maxWidth)) break;
    }
    ctx.font = renderFont(RENDER_FONT_DISPLAY, size);
    if (lines.some((line) => ctx.measureText(line).width > maxWidth)) {
      lines = [lines.join(' ')];
      size = fitFont(ctx, lines[0]!, RENDER_FONT_DISPLAY, size, maxWidth);
    }
  }
  const lineHeight = size * 0.9;
  const artistSize = 44 * u;
  const bottom = height - 48 * u;
  const artistY = bottom;
  const ruleY = artist ? artistY - artistSize - 18 * u : bottom;
  const lastLineY = ruleY - 22 * u;
  const firstLineY = lastLineY - (lines.length - 1) * lineHeight;
  const top = (title ? firstLineY - size * 0.8 : ruleY - artistSize) - 60 * u;

  // A dark fade from the text's top to the bottom edge.
  const shade = ctx.createLinearGradient(0, Math.max(0, top - 80 * u), 0, height);
  shade.addColorStop(0, 'rgba(0,0,0,0)');
  shade.addColorStop(0.35, 'rgba(0,0,0,0.55)');
  shade.addColorStop(1, 'rgba(0,0,0,0.85)');
  ctx.fillStyle = shade;
  ctx.fillRect(0, Math.max(0, top - 80 * u), width, height);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.shadowColor = 'rgba(0,0,0,0.6)';
  ctx.shadowBlur = 12 * u;
  ctx.shadowOffsetY = 3 * u;
  if (title) {
    ctx.font = renderFont(RENDER_FONT_DISPLAY, size);
    ctx.fillStyle = '#ffffff';
    lines.forEach((line, i) => ctx.fillText(line, width / 2, firstLineY + i * lineHeight));
  }
  if (artist) {
    ctx.shadowColor = 'rgba(0,0,0,0)';
    ctx.fillStyle = text.accent;
    ctx.fillRect(width / 2 - 60 * u, ruleY - 3 * u, 120 * u, 6 * u);
    ctx.shadowColor = 'rgba(0,0,0,0.6)';
    ctx.fillStyle = rgba('#ffffff', 0.88);
    fitFont(ctx, artist, RENDER_FONT_SANS, artistSize, maxWidth, 700);
    ctx.fillText(artist, width / 2, artistY);
  }
  ctx.restore();
}
