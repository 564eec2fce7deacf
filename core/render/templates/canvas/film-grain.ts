import type { RenderHost, Surface } from '../../canvas-2d';
import { loopWave } from '../../canvas-loop';
import { hash01, seededRandom } from '../../random';
import { defineTemplate } from '../../template';
import { unit } from '../draw-helpers';
import { palette } from '../palette';
import { artworkBackdrop, beatAccent, CANVAS_INFO, loopFrame, loopOf } from './canvas-helpers';
import { drawTitleBlock } from './title-block';

const TILE = 256;
const TILES = 4;

interface Layers {
  back: Surface;
  grain: Surface[];
}

/** A tile of film grain: light and dark specks on transparency. */
function grainTile(host: RenderHost, seed: number): Surface {
  const surface = host.createSurface(TILE, TILE);
  const ctx = surface.ctx;
  const random = seededRandom(seed);
  for (let i = 0; i < 2600; i++) {
    const light = random() < 0.5;
    ctx.fillStyle = light ? 'rgba(255,255,255,0.22)' : 'rgba(0,0,0,0.28)';
    const size = random() < 0.85 ? 1 : 2;
    ctx.fillRect(Math.floor(random() * TILE), Math.floor(random() * TILE), size, size);
  }
  return surface;
}

/** The artwork as an old film print: grain, dust, scratches, gate weave and flicker. */
export const filmGrain = defineTemplate<Layers>({
  ...CANVAS_INFO,
  coversFrame: true,
  name: 'film-grain',
  title: 'Film Grain & Dust',
  description: 'Your artwork as a worn film print: grain, dust and scratches, flickering in time.',
  colorFields: ['primary_color', 'secondary_color', 'color_border'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#2b2118',
    secondary_color: '#5c4a36',
    color_border: '#f5ecd7',
  }),
  prepare(host, scene) {
    const { width, height, seed } = scene.settings;
    const margin = Math.round(width * 0.03);
    return {
      back: artworkBackdrop(
        host,
        scene,
        { blur: 0, darken: 0.12, tint: 0.18, vignette: 0.75 },
        { width: width + margin * 2, height: height + margin * 2 },
      ),
      grain: Array.from({ length: TILES }, (_, i) => grainTile(host, seed * 31 + i)),
    };
  },
  draw(ctx, { scene, layers, loop, width, height }) {
    const L = loopOf(loop);
    const u = unit(width, height);
    const frame = loopFrame(L, scene.settings.fps);
    const seed = scene.settings.seed;
    const accent = beatAccent(L);
    // Gate weave: a small shake a frame, plus a slow sway over the loop.
    const bw = layers.back.image.width;
    const bh = layers.back.image.height;
    const sway = (loopWave(L.phase) - 0.5) * width * 0.02;
    const wx = (hash01(seed, frame, 1) - 0.5) * 3 * u + sway;
    const wy = (hash01(seed, frame, 2) - 0.5) * 3 * u - accent * 6 * u;
    // On whole pixels: a 1:1 copy, where a fraction of a pixel resamples the whole frame.
    ctx.drawImage(
      layers.back.image,
      Math.round((width - bw) / 2 + wx),
      Math.round((height - bh) / 2 + wy),
    );

    // Grain: one of the tiles a frame, at a random offset.
    const tile = layers.grain[frame % TILES]!;
    const ox = Math.floor(hash01(seed, frame, 3) * TILE);
    const oy = Math.floor(hash01(seed, frame, 4) * TILE);
    for (let y = -oy; y < height; y += TILE) {
      for (let x = -ox; x < width; x += TILE) ctx.drawImage(tile.image, x, y);
    }

    // Dust specks and hairs, new every frame.
    ctx.fillStyle = 'rgba(20,16,12,0.7)';
    ctx.strokeStyle = 'rgba(20,16,12,0.55)';
    ctx.lineWidth = 1.5 * u;
    const specks = 4 + Math.floor(hash01(seed, frame, 5) * 6);
    for (let i = 0; i < specks; i++) {
      const x = hash01(seed, frame, 10 + i) * width;
      const y = hash01(seed, frame, 30 + i) * height;
      const r = (1 + hash01(seed, frame, 50 + i) * 3) * u;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fill();
    }
    if (hash01(seed, frame, 6) < 0.35) {
      const x = hash01(seed, frame, 7) * width;
      const y = hash01(seed, frame, 8) * height;
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.quadraticCurveTo(x + 30 * u, y + 20 * u, x + 12 * u, y + 60 * u);
      ctx.stroke();
    }
    // A vertical scratch that wanders across the print.
    ctx.fillStyle = 'rgba(255,250,235,0.35)';
    const sx =
      width * (0.2 + 0.6 * loopWave(L.phase, 2, 0.25)) + (hash01(seed, frame, 9) - 0.5) * 8 * u;
    ctx.fillRect(sx, 0, 1.5 * u, height);

    // Flicker: the exposure wavers a little every frame, and lifts on the beat.
    const flicker = (hash01(seed, frame, 11) - 0.5) * 0.08 - 0.1 * accent;
    ctx.fillStyle = flicker > 0 ? `rgba(0,0,0,${flicker})` : `rgba(255,244,220,${-flicker})`;
    ctx.fillRect(0, 0, width, height);
    drawTitleBlock(ctx, scene, width, height, u);
  },
});
