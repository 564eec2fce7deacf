import { RENDER_FONT_DISPLAY, RENDER_FONT_SANS } from '../fonts';
import { renderFont } from '../fonts';
import { defineTemplate } from '../template';
import { mix, rgba } from './color';
import { scaledCover, unit } from './draw-helpers';
import { palette } from './palette';
import { stillTemplate } from './still';
import { drawSpacedText, fitFont, wrapLines } from './text';

/** Artwork on one half, the title in big type on a solid colour on the other. */
export const splitType = defineTemplate(
  stillTemplate(
    {
      kind: 'single-frame',
      name: 'split-typography',
      title: 'Split Typography',
      description: 'Artwork on one side, your title in big bold type on the other.',
      colorFields: ['primary_color', 'secondary_color', 'color_fill'],
      imageSlots: ['album_art'],
      textFields: ['title', 'artist'],
      defaultColors: palette({
        primary_color: '#f1e9da',
        secondary_color: '#1d1a16',
        color_fill: '#e4572e',
      }),
      aspects: ['16:9', '1:1', '9:16'],
    },
    (ctx, scene, host) => {
      const { width, height, colors, title, artist } = scene.settings;
      const u = unit(width, height);
      const landscape = width >= height;
      // The art panel: left half (landscape, square) or the top (portrait).
      const panel = landscape
        ? { x: 0, y: 0, w: Math.round(width / 2), h: height }
        : { x: 0, y: 0, w: width, h: Math.round(height * 0.55) };
      const text = landscape
        ? { x: panel.w, y: 0, w: width - panel.w, h: height }
        : { x: 0, y: panel.h, w: width, h: height - panel.h };
      ctx.fillStyle = colors.primary_color;
      ctx.fillRect(0, 0, width, height);
      const art = scene.images.album_art;
      if (art) ctx.drawImage(scaledCover(host, art, panel.w, panel.h).image, panel.x, panel.y);
      else {
        ctx.fillStyle = colors.color_fill;
        ctx.fillRect(panel.x, panel.y, panel.w, panel.h);
        // Bold circles as a placeholder artwork.
        const cx = panel.x + panel.w / 2;
        const cy = panel.y + panel.h / 2;
        const r = Math.min(panel.w, panel.h) * 0.32;
        ctx.fillStyle = colors.secondary_color;
        ctx.beginPath();
        ctx.arc(cx, cy, r, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = colors.primary_color;
        ctx.beginPath();
        ctx.arc(cx + r * 0.45, cy - r * 0.3, r * 0.45, 0, Math.PI * 2);
        ctx.fill();
      }
      // A colour bar where the halves meet.
      ctx.fillStyle = colors.color_fill;
      if (landscape) ctx.fillRect(text.x, 0, 14 * u, height);
      else ctx.fillRect(0, text.y, width, 14 * u);

      const pad = 80 * u;
      const maxW = text.w - pad * 2;
      const words = (title || 'Untitled').toUpperCase();
      let size = Math.min(260 * u, text.h * 0.3);
      let lines: string[] = [];
      // The largest size at which the title fits in three lines.
      for (; size > 40 * u; size *= 0.9) {
        ctx.font = renderFont(RENDER_FONT_DISPLAY, size);
        lines = wrapLines(ctx, words, maxW, 3);
        if (lines.every((l) => ctx.measureText(l).width <= maxW)) break;
      }
      const lineH = size * 0.92;
      // Cap height of the first line, the other lines, and the artist line below.
      const blockH = size * 0.72 + (lines.length - 1) * lineH + (artist ? 70 * u : 0);
      let y = text.y + (text.h - blockH) / 2 + size * 0.72;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'alphabetic';
      ctx.fillStyle = colors.secondary_color;
      for (const line of lines) {
        ctx.fillText(line, text.x + pad, y);
        y += lineH;
      }
      if (artist) {
        ctx.fillStyle = mix(colors.secondary_color, colors.primary_color, 0.25);
        fitFont(ctx, artist.toUpperCase(), RENDER_FONT_SANS, 30 * u, maxW, 700);
        drawSpacedText(ctx, artist.toUpperCase(), text.x + pad, y - lineH + 70 * u, 5 * u, 'left');
      }
      ctx.fillStyle = rgba(colors.secondary_color, 0.5);
      ctx.fillRect(text.x + pad, text.y + pad, 60 * u, 6 * u);
    },
  ),
);
