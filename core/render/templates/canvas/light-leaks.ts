import type { Surface } from '../../canvas-2d';
import { loopWave } from '../../canvas-loop';
import { hash01 } from '../../random';
import { defineTemplate } from '../../template';
import { unit } from '../draw-helpers';
import { palette } from '../palette';
import { backdropAndGlows, beatAccent, CANVAS_INFO, loopOf } from './canvas-helpers';
import { drawTitleBlock } from './title-block';

const LEAKS = 5;
/**
 * The leaks are soft glows: they are lit on a layer this many times smaller than the frame and
 * screened over it in one scaled draw (5 full-frame scaled blends cost 4 times a frame's drawing).
 */
const LIGHT_SCALE = 4;

interface Layers {
  back: Surface;
  warm: Surface;
  cool: Surface;
  /** The light of a frame, at 1/LIGHT_SCALE of its size, redrawn every frame. */
  light: Surface;
}

/** Warm film light leaks drift across the artwork and flare on the beat. */
export const lightLeaks = defineTemplate<Layers>({
  ...CANVAS_INFO,
  coversFrame: true,
  name: 'light-leaks',
  title: 'Light Leaks',
  description: 'Warm film light leaks drift across your artwork and flare on every beat.',
  colorFields: ['primary_color', 'secondary_color', 'color_fill', 'spectrum_color', 'color_border'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#1a0f0a',
    secondary_color: '#4a2511',
    color_fill: '#ff7b00',
    spectrum_color: '#ff3d6e',
    color_border: '#fff4e6',
  }),
  prepare: (host, scene) => ({
    ...backdropAndGlows(host, scene, { blur: 0, darken: 0.15, vignette: 0.55 }, 512),
    light: host.createSurface(
      Math.ceil(scene.settings.width / LIGHT_SCALE),
      Math.ceil(scene.settings.height / LIGHT_SCALE),
    ),
  }),
  draw(frame, { scene, layers, loop, width, height }) {
    const L = loopOf(loop);
    const accent = beatAccent(L);
    const seed = scene.settings.seed;
    // Screening is associative: the leaks screened over black, then that over the backdrop, is
    // the leaks screened over the backdrop one by one.
    const ctx = layers.light.ctx;
    ctx.save();
    ctx.scale(layers.light.image.width / width, layers.light.image.height / height);
    ctx.fillStyle = '#000000';
    ctx.fillRect(0, 0, width, height);
    ctx.globalCompositeOperation = 'screen';
    for (let i = 0; i < LEAKS; i++) {
      // Each leak travels a closed Lissajous path: whole cycles per loop.
      const fx = 1 + Math.floor(hash01(seed, i, 1) * 2);
      const fy = 1 + Math.floor(hash01(seed, i, 2) * 2);
      const ox = hash01(seed, i, 3);
      const oy = hash01(seed, i, 4);
      const x = width * (0.5 + 0.55 * Math.sin(2 * Math.PI * (L.phase * fx + ox)));
      const y = height * (0.5 + 0.5 * Math.sin(2 * Math.PI * (L.phase * fy + oy)));
      const breathe = loopWave(L.phase, 1 + (i % 2), hash01(seed, i, 5));
      const size = Math.max(width, height) * (0.45 + 0.35 * breathe + 0.25 * accent);
      ctx.globalAlpha = Math.min(1, 0.35 + 0.35 * breathe + 0.4 * accent);
      const sprite = i % 2 === 0 ? layers.warm : layers.cool;
      ctx.drawImage(sprite.image, x - size / 2, y - size / 2, size, size * 1.3);
    }
    // A flare across the whole frame on the beat.
    ctx.globalAlpha = 0.18 * accent;
    ctx.fillStyle = scene.settings.colors.color_fill;
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
    frame.drawImage(layers.back.image, 0, 0);
    frame.globalCompositeOperation = 'screen';
    frame.drawImage(layers.light.image, 0, 0, width, height);
    frame.globalCompositeOperation = 'source-over';
    drawTitleBlock(frame, scene, width, height, unit(width, height));
  },
});
