import { defineTemplate } from '../template';
import { mix } from './color';
import { prepareBackdrop, roundedImage, unit } from './draw-helpers';
import { palette } from './palette';
import { clearShadow, setShadow, stillTemplate } from './still';

/** The album art centred on a blurred, darkened copy of itself. */
export const coverCentred = defineTemplate(
  stillTemplate(
    {
      kind: 'single-frame',
      name: 'cover-on-blur',
      title: 'Cover on Blur',
      description: 'Your artwork centred on a soft, blurred copy of itself.',
      colorFields: ['primary_color', 'secondary_color'],
      imageSlots: ['album_art'],
      textFields: [],
      defaultColors: palette({ primary_color: '#1e1b4b', secondary_color: '#831843' }),
      aspects: ['16:9', '1:1', '9:16'],
    },
    (ctx, scene, host) => {
      const { width, height, colors } = scene.settings;
      const u = unit(width, height);
      const art = scene.images.album_art;
      const backdrop = prepareBackdrop(
        host,
        art,
        width,
        height,
        { primary: colors.primary_color, secondary: colors.secondary_color },
        { blur: 0.06, darken: 0.3, vignette: 0.45 },
      );
      ctx.drawImage(backdrop.image, 0, 0);
      const side = Math.round(Math.min(width, height) * 0.72);
      const x = Math.round((width - side) / 2);
      const y = Math.round((height - side) / 2);
      const radius = 14 * u;
      setShadow(ctx, u, 0.55, 60, 24);
      ctx.fillStyle = '#000000';
      ctx.beginPath();
      ctx.roundRect(x, y, side, side, radius);
      ctx.fill();
      clearShadow(ctx);
      if (art) {
        ctx.drawImage(roundedImage(host, art, side, side, radius).image, x, y);
      } else {
        const g = ctx.createLinearGradient(x, y, x + side, y + side);
        g.addColorStop(0, mix(colors.primary_color, '#ffffff', 0.15));
        g.addColorStop(1, mix(colors.secondary_color, '#ffffff', 0.1));
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.roundRect(x, y, side, side, radius);
        ctx.fill();
      }
    },
  ),
);
