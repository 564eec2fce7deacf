import { RENDER_FONT_DISPLAY, RENDER_FONT_SANS } from '../fonts';
import { defineTemplate } from '../template';
import { rgba } from './color';
import { prepareBackdrop, scaledCover, unit } from './draw-helpers';
import { palette } from './palette';
import { stillTemplate } from './still';
import { drawFittedText, drawSpacedText, fitFont } from './text';

/** A full-bleed background photograph with the logo and the credits along the bottom. */
export const backgroundLogo = defineTemplate(
  stillTemplate(
    {
      kind: 'single-frame',
      name: 'background-with-logo',
      title: 'Background with Logo',
      description:
        'A full-bleed background picture, your logo and the credits set along the bottom.',
      colorFields: ['primary_color', 'secondary_color', 'color_border'],
      imageSlots: ['background', 'logo'],
      textFields: ['title', 'artist'],
      defaultColors: palette({
        primary_color: '#134e4a',
        secondary_color: '#0c0a09',
        color_border: '#fafaf9',
      }),
      aspects: ['16:9', '1:1', '9:16'],
    },
    (ctx, scene, host) => {
      const { width, height, colors, title, artist } = scene.settings;
      const u = unit(width, height);
      ctx.drawImage(
        prepareBackdrop(
          host,
          scene.images.background,
          width,
          height,
          { primary: colors.primary_color, secondary: colors.secondary_color },
          { blur: 0, darken: 0.08, vignette: 0.35 },
        ).image,
        0,
        0,
      );
      // A dark fade along the bottom so the credits read on any picture.
      const fade = ctx.createLinearGradient(0, height * 0.5, 0, height);
      fade.addColorStop(0, 'rgba(0,0,0,0)');
      fade.addColorStop(1, 'rgba(0,0,0,0.78)');
      ctx.fillStyle = fade;
      ctx.fillRect(0, height * 0.5, width, height * 0.5);

      const margin = 80 * u;
      const logo = scene.images.logo;
      let textX = margin;
      const baseY = height - margin;
      if (logo) {
        const box = 170 * u;
        const scale = Math.min(box / logo.width, box / logo.height);
        const w = Math.round(logo.width * scale);
        const h = Math.round(logo.height * scale);
        ctx.drawImage(scaledCover(host, logo, w, h).image, margin, baseY - h);
        textX = margin + w + 40 * u;
      }
      ctx.textAlign = 'left';
      ctx.textBaseline = 'alphabetic';
      ctx.fillStyle = colors.color_border;
      const maxW = width - textX - margin;
      drawFittedText(
        ctx,
        title.toUpperCase(),
        textX,
        baseY - 44 * u,
        RENDER_FONT_DISPLAY,
        110 * u,
        maxW,
      );
      if (artist) {
        ctx.fillStyle = rgba(colors.color_border, 0.8);
        fitFont(ctx, artist.toUpperCase(), RENDER_FONT_SANS, 28 * u, maxW * 0.8);
        drawSpacedText(ctx, artist.toUpperCase(), textX, baseY, 6 * u, 'left');
      }
    },
  ),
);
