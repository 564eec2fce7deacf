import type { Surface } from '../../canvas-2d';
import { hash01 } from '../../random';
import { defineTemplate } from '../../template';
import { unit } from '../draw-helpers';
import { palette } from '../palette';
import { backdropAndGlows, beatAccent, CANVAS_INFO, loopOf } from './canvas-helpers';
import { drawTitleBlock } from './title-block';

const PARTICLES = 150;

interface Layers {
  back: Surface;
  warm: Surface;
  cool: Surface;
}

/** Glowing particles drift up over the artwork, swaying, and swell on every beat. */
export const driftingParticles = defineTemplate<Layers>({
  ...CANVAS_INFO,
  coversFrame: true,
  name: 'drifting-particles',
  title: 'Drifting Particles',
  description: 'Glowing particles drift up over your artwork and swell on every beat.',
  colorFields: ['primary_color', 'secondary_color', 'color_fill', 'spectrum_color', 'color_border'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#03071e',
    secondary_color: '#370617',
    color_fill: '#ffba08',
    spectrum_color: '#f48c06',
    color_border: '#ffffff',
  }),
  prepare: (host, scene) =>
    backdropAndGlows(host, scene, { blur: 0, darken: 0.35, vignette: 0.6 }, 128),
  draw(ctx, { scene, layers, loop, width, height }) {
    const L = loopOf(loop);
    const u = unit(width, height);
    const accent = beatAccent(L);
    const seed = scene.settings.seed;
    ctx.drawImage(layers.back.image, 0, 0);
    ctx.globalCompositeOperation = 'lighter';
    for (let i = 0; i < PARTICLES; i++) {
      // Rises a whole number of frame heights a loop (1 or 2), so it is back where it began.
      const rises = 1 + Math.floor(hash01(seed, i, 1) * 2);
      const y = (1 - ((hash01(seed, i, 2) + L.phase * rises) % 1)) * (height + 80 * u) - 40 * u;
      const swayCycles = 1 + Math.floor(hash01(seed, i, 3) * 3);
      const sway = Math.sin(2 * Math.PI * (L.phase * swayCycles + hash01(seed, i, 4)));
      const x = hash01(seed, i, 5) * width + sway * 40 * u;
      const depth = 0.35 + 0.65 * hash01(seed, i, 6);
      const size = (10 + 34 * depth) * u * (1 + 0.6 * accent * depth);
      const twinkle = 0.5 + 0.5 * Math.sin(2 * Math.PI * (L.phase * 3 + hash01(seed, i, 7)));
      ctx.globalAlpha = Math.min(1, depth * (0.45 + 0.35 * twinkle + 0.3 * accent));
      const sprite = i % 3 === 0 ? layers.cool : layers.warm;
      ctx.drawImage(sprite.image, x - size / 2, y - size / 2, size, size);
    }
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'source-over';
    drawTitleBlock(ctx, scene, width, height, u);
  },
});
