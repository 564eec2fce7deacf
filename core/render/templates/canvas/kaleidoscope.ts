import type { Pattern2D, RenderHost, Surface } from '../../canvas-2d';
import type { Scene } from '../../scene';
import { defineTemplate } from '../../template';
import { rgba } from '../color';
import { scaledCover, unit, vignette } from '../draw-helpers';
import { palette } from '../palette';
import { hash01 } from '../../random';
import { beatAccent, CANVAS_INFO, loopArtwork, loopOf } from './canvas-helpers';
import { drawTitleBlock } from './title-block';

/** Wedges around the centre, mirrored in pairs. */
const SEGMENTS = 12;
const SOURCE = 1200;

interface Layers {
  /** What the mirrors show, as a pattern: each wedge is a path filled with it. */
  source: Pattern2D;
}

/** What the mirrors show: the artwork, or shapes in the template's colours without one. */
function kaleidoscopeSource(host: RenderHost, scene: Scene): Surface {
  const art = loopArtwork(scene);
  if (art) return scaledCover(host, art, SOURCE, SOURCE);
  const { colors, seed } = scene.settings;
  const surface = host.createSurface(SOURCE, SOURCE);
  const ctx = surface.ctx;
  ctx.fillStyle = colors.primary_color;
  ctx.fillRect(0, 0, SOURCE, SOURCE);
  const tones = [
    colors.color_fill,
    colors.spectrum_color,
    colors.color_border,
    colors.secondary_color,
  ];
  for (let i = 0; i < 60; i++) {
    ctx.fillStyle = rgba(tones[i % tones.length]!, 0.55 + 0.4 * hash01(seed, i, 3));
    ctx.beginPath();
    ctx.arc(
      hash01(seed, i, 1) * SOURCE,
      hash01(seed, i, 2) * SOURCE,
      (0.02 + 0.12 * hash01(seed, i, 4)) * SOURCE,
      0,
      Math.PI * 2,
    );
    ctx.fill();
  }
  return surface;
}

/** The artwork in a turning kaleidoscope whose mirrors open up on the beat. */
export const kaleidoscope = defineTemplate<Layers>({
  ...CANVAS_INFO,
  name: 'kaleidoscope',
  title: 'Kaleidoscope',
  description: 'Your artwork folded into a turning kaleidoscope that blooms on the beat.',
  colorFields: ['primary_color', 'secondary_color', 'color_fill', 'spectrum_color', 'color_border'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#0d1b2a',
    secondary_color: '#415a77',
    color_fill: '#e0aaff',
    spectrum_color: '#48cae4',
    color_border: '#ffffff',
  }),
  prepare(host, scene) {
    const { ctx, image } = kaleidoscopeSource(host, scene);
    return { source: ctx.createPattern(image, 'no-repeat')! };
  },
  draw(ctx, { scene, layers, loop, width, height }) {
    const L = loopOf(loop);
    const u = unit(width, height);
    const accent = beatAccent(L);
    const cx = width / 2;
    const cy = height / 2;
    const reach = Math.hypot(width, height) / 2 + 4;
    const wedge = (2 * Math.PI) / SEGMENTS;
    // Mirrored pairs repeat every two wedges: turning by two wedges a loop closes it.
    const turn = 2 * wedge * L.phase;
    // Where the mirrors look into the artwork travels a circle over the loop.
    const look = 2 * Math.PI * L.phase;
    const zoom = (reach * 2.1 * (1 - 0.06 * accent)) / SOURCE;
    const size = SOURCE * zoom;
    const ox = Math.cos(look) * size * 0.12 - size / 2;
    const oy = Math.sin(look) * size * 0.12 - size / 2;
    // A path filled with the picture costs a quarter less than the picture drawn through a clip.
    layers.source.setTransform({ a: zoom, b: 0, c: 0, d: zoom, e: ox + size * 0.5, f: oy });
    ctx.fillStyle = layers.source;
    for (let k = 0; k < SEGMENTS; k++) {
      ctx.save();
      ctx.translate(cx, cy);
      ctx.rotate(turn + k * wedge);
      if (k % 2 === 1) ctx.scale(1, -1);
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.arc(0, 0, reach, -wedge / 2 - 0.004, wedge / 2 + 0.004);
      ctx.closePath();
      ctx.fill();
      ctx.restore();
    }
    vignette(ctx, width, height, '#000000', 0.55 - 0.2 * accent);
    drawTitleBlock(ctx, scene, width, height, u);
  },
});
