import { RENDER_FONT_SANS } from '../fonts';
import { defineTemplate } from '../template';
import { mix, rgba } from './color';
import { circularImage, prepareBackdrop, roundedImage, unit } from './draw-helpers';
import { palette } from './palette';
import { clearShadow, setShadow, stillTemplate } from './still';
import { drawFittedText } from './text';

/** The artwork as a record sleeve with the vinyl sliding out of it. */
export const vinylSleeve = defineTemplate(
  stillTemplate(
    {
      kind: 'single-frame',
      name: 'vinyl-sleeve',
      title: 'Vinyl Sleeve',
      description: 'Your artwork as a record sleeve, the vinyl peeking out beside it.',
      colorFields: ['primary_color', 'secondary_color', 'color_fill', 'color_border'],
      imageSlots: ['album_art', 'background'],
      textFields: ['title', 'artist'],
      defaultColors: palette({
        primary_color: '#f4efe6',
        secondary_color: '#d9cbb4',
        color_fill: '#c2410c',
        color_border: '#1c1917',
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
          scene.images.background,
          width,
          height,
          { primary: colors.primary_color, secondary: colors.secondary_color },
          { blur: 0.05, darken: 0.35, vignette: 0.25 },
        ).image,
        0,
        0,
      );
      const hasText = Boolean(title || artist);
      const landscape = width > height;
      const side = Math.round(landscape ? height * 0.6 : width * (height > width ? 0.62 : 0.5));
      const peek = side * 0.42;
      const groupW = side + peek;
      const textH = hasText ? 150 * u : 0;
      const x = Math.round((width - groupW) / 2);
      const y = Math.round((height - side - textH) / 2);

      // The record: black vinyl with grooves, a sheen, and a label.
      const r = side * 0.48;
      const rx = x + side - side * 0.5 + peek;
      const ry = y + side / 2;
      setShadow(ctx, u, 0.45, 40, 14);
      ctx.fillStyle = '#0b0b0c';
      ctx.beginPath();
      ctx.arc(rx, ry, r, 0, Math.PI * 2);
      ctx.fill();
      clearShadow(ctx);
      ctx.lineWidth = Math.max(1, 1.2 * u);
      for (let gr = r * 0.36; gr < r * 0.97; gr += r * 0.024) {
        ctx.strokeStyle = `rgba(255,255,255,${(0.035 + 0.03 * Math.sin(gr * 0.7)).toFixed(3)})`;
        ctx.beginPath();
        ctx.arc(rx, ry, gr, 0, Math.PI * 2);
        ctx.stroke();
      }
      const sheen = ctx.createLinearGradient(rx - r, ry - r, rx + r, ry + r);
      sheen.addColorStop(0.3, 'rgba(255,255,255,0)');
      sheen.addColorStop(0.5, 'rgba(255,255,255,0.09)');
      sheen.addColorStop(0.7, 'rgba(255,255,255,0)');
      ctx.fillStyle = sheen;
      ctx.beginPath();
      ctx.arc(rx, ry, r, 0, Math.PI * 2);
      ctx.fill();
      const lr = r * 0.33;
      if (art) ctx.drawImage(circularImage(host, art, lr * 2).image, rx - lr, ry - lr);
      else {
        ctx.fillStyle = colors.color_fill;
        ctx.beginPath();
        ctx.arc(rx, ry, lr, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.fillStyle = '#e7e5e4';
      ctx.beginPath();
      ctx.arc(rx, ry, r * 0.025, 0, Math.PI * 2);
      ctx.fill();

      // The sleeve in front.
      setShadow(ctx, u, 0.5, 50, 22);
      ctx.fillStyle = '#000000';
      ctx.fillRect(x, y, side, side);
      clearShadow(ctx);
      if (art) ctx.drawImage(roundedImage(host, art, side, side, 2 * u).image, x, y);
      else {
        const g = ctx.createLinearGradient(x, y, x + side, y + side);
        g.addColorStop(0, colors.color_fill);
        g.addColorStop(1, mix(colors.color_fill, '#000000', 0.45));
        ctx.fillStyle = g;
        ctx.fillRect(x, y, side, side);
        ctx.strokeStyle = rgba(colors.primary_color, 0.8);
        ctx.lineWidth = 6 * u;
        ctx.beginPath();
        ctx.arc(x + side / 2, y + side / 2, side * 0.3, 0, Math.PI * 2);
        ctx.stroke();
      }
      // Worn edge on the sleeve.
      ctx.strokeStyle = 'rgba(255,255,255,0.18)';
      ctx.lineWidth = 2 * u;
      ctx.strokeRect(x + 1 * u, y + 1 * u, side - 2 * u, side - 2 * u);

      if (hasText) {
        ctx.textAlign = 'left';
        ctx.textBaseline = 'alphabetic';
        // On a (darkened) photograph the credits are white; on the plain colours, color_border.
        const ink = scene.images.background ? '#ffffff' : colors.color_border;
        ctx.fillStyle = ink;
        drawFittedText(ctx, title, x, y + side + 90 * u, RENDER_FONT_SANS, 58 * u, groupW, 700);
        ctx.fillStyle = rgba(ink, 0.7);
        drawFittedText(ctx, artist, x, y + side + 138 * u, RENDER_FONT_SANS, 32 * u, groupW);
      }
    },
  ),
);
