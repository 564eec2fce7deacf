import { RENDER_FONT_DISPLAY, RENDER_FONT_SANS } from '../fonts';
import { hash01 } from '../random';
import { defineTemplate } from '../template';
import { mix, rgba } from './color';
import { scaledCover, unit } from './draw-helpers';
import { palette } from './palette';
import { stillTemplate } from './still';
import { drawSpacedText, fitFont } from './text';

/** A minimal poster: a soft gradient of light blobs, a thin frame and big centred type. */
export const gradientPoster = defineTemplate(
  stillTemplate(
    {
      kind: 'single-frame',
      name: 'gradient-poster',
      title: 'Gradient Poster',
      description: 'A minimal poster: soft gradient light, a fine frame and your title set large.',
      colorFields: ['primary_color', 'secondary_color', 'spectrum_color', 'color_border'],
      imageSlots: ['logo'],
      textFields: ['title', 'artist'],
      defaultColors: palette({
        primary_color: '#ff7a59',
        secondary_color: '#6a3de8',
        spectrum_color: '#ffd166',
        color_border: '#ffffff',
      }),
      aspects: ['16:9', '1:1', '9:16'],
    },
    (ctx, scene, host) => {
      const { width, height, colors, title, artist, seed } = scene.settings;
      const u = unit(width, height);
      const base = ctx.createLinearGradient(0, 0, width, height);
      base.addColorStop(0, colors.secondary_color);
      base.addColorStop(1, mix(colors.secondary_color, '#000000', 0.45));
      ctx.fillStyle = base;
      ctx.fillRect(0, 0, width, height);
      // Soft blobs of light, placed by the seed.
      const blobs = [colors.primary_color, colors.spectrum_color, colors.primary_color];
      blobs.forEach((color, i) => {
        const x = width * (0.15 + 0.7 * hash01(seed, i, 1));
        const y = height * (0.15 + 0.7 * hash01(seed, i, 2));
        const r = Math.max(width, height) * (0.35 + 0.25 * hash01(seed, i, 3));
        const g = ctx.createRadialGradient(x, y, 0, x, y, r);
        g.addColorStop(0, rgba(color, 0.85));
        g.addColorStop(0.5, rgba(color, 0.3));
        g.addColorStop(1, rgba(color, 0));
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, width, height);
      });
      // Frame.
      const m = 48 * u;
      ctx.strokeStyle = rgba(colors.color_border, 0.85);
      ctx.lineWidth = 2 * u;
      ctx.strokeRect(m, m, width - m * 2, height - m * 2);

      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      ctx.fillStyle = colors.color_border;
      const name = (title || 'Untitled').toUpperCase();
      const size = fitFont(ctx, name, RENDER_FONT_DISPLAY, 240 * u, width - m * 4);
      const cy = height / 2 + size * 0.35;
      ctx.fillText(name, width / 2, cy);
      if (artist) {
        fitFont(ctx, artist.toUpperCase(), RENDER_FONT_SANS, 30 * u, width * 0.6);
        drawSpacedText(ctx, artist.toUpperCase(), width / 2, cy + 70 * u, 10 * u, 'center');
      }
      const logo = scene.images.logo;
      if (logo) {
        const box = 110 * u;
        const scale = Math.min(box / logo.width, box / logo.height);
        const w = Math.round(logo.width * scale);
        const h = Math.round(logo.height * scale);
        ctx.drawImage(
          scaledCover(host, logo, w, h).image,
          Math.round((width - w) / 2),
          Math.round(height - m - 40 * u - h),
        );
      } else {
        ctx.fillRect(width / 2 - 30 * u, height - m - 70 * u, 60 * u, 3 * u);
      }
    },
  ),
);
