import { RENDER_FONT_SANS } from '../fonts';
import { defineTemplate } from '../template';
import { mix, rgba } from './color';
import { prepareBackdrop, roundedImage, unit } from './draw-helpers';
import { palette } from './palette';
import { clearShadow, setShadow, stillTemplate } from './still';
import { drawFittedText } from './text';

/** The artwork with the title and artist beneath it, on a blurred wash of the artwork. */
export const coverTitle = defineTemplate(
  stillTemplate(
    {
      kind: 'single-frame',
      name: 'cover-with-title',
      title: 'Cover with Title',
      description: 'Your artwork above the song title and artist, on a soft wash of its colours.',
      colorFields: ['primary_color', 'secondary_color', 'color_border'],
      imageSlots: ['album_art'],
      textFields: ['title', 'artist'],
      defaultColors: palette({
        primary_color: '#0f172a',
        secondary_color: '#4c1d95',
        color_border: '#ffffff',
      }),
      aspects: ['16:9', '1:1', '9:16'],
    },
    (ctx, scene, host) => {
      const { width, height, colors, title, artist } = scene.settings;
      const u = unit(width, height);
      const art = scene.images.album_art;
      ctx.drawImage(
        prepareBackdrop(
          host,
          art,
          width,
          height,
          { primary: colors.primary_color, secondary: colors.secondary_color },
          { blur: 0.07, darken: 0.45, vignette: 0.5 },
        ).image,
        0,
        0,
      );
      const hasText = Boolean(title || artist);
      const side = Math.round(
        Math.min(width * 0.8, height * (hasText ? (height > width ? 0.45 : 0.56) : 0.72)),
      );
      const textBlock = hasText ? 150 * u : 0;
      const x = Math.round((width - side) / 2);
      const y = Math.round((height - side - textBlock) / 2);
      const radius = 12 * u;
      setShadow(ctx, u, 0.5, 50, 20);
      ctx.fillStyle = '#000000';
      ctx.beginPath();
      ctx.roundRect(x, y, side, side, radius);
      ctx.fill();
      clearShadow(ctx);
      if (art) ctx.drawImage(roundedImage(host, art, side, side, radius).image, x, y);
      else {
        const g = ctx.createLinearGradient(x, y, x + side, y + side);
        g.addColorStop(0, mix(colors.secondary_color, '#ffffff', 0.2));
        g.addColorStop(1, colors.primary_color);
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.roundRect(x, y, side, side, radius);
        ctx.fill();
      }
      if (hasText) {
        ctx.textAlign = 'center';
        ctx.textBaseline = 'alphabetic';
        ctx.fillStyle = colors.color_border;
        drawFittedText(
          ctx,
          title,
          width / 2,
          y + side + 90 * u,
          RENDER_FONT_SANS,
          64 * u,
          width * 0.85,
          700,
        );
        ctx.fillStyle = rgba(colors.color_border, 0.72);
        drawFittedText(
          ctx,
          artist,
          width / 2,
          y + side + 140 * u,
          RENDER_FONT_SANS,
          36 * u,
          width * 0.85,
        );
      }
    },
  ),
);
