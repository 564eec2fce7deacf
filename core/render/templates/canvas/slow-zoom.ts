import type { RenderHost, Surface } from '../../canvas-2d';
import { loopWave } from '../../canvas-loop';
import type { Scene } from '../../scene';
import { defineTemplate } from '../../template';
import { glowSprite, roundedImage, unit } from '../draw-helpers';
import { palette } from '../palette';
import { clearShadow, setShadow } from '../still';
import { artworkBackdrop, beatAccent, CANVAS_INFO, loopArtwork, loopOf } from './canvas-helpers';
import { drawTitleBlock } from './title-block';

interface Layers {
  /** The blurred artwork, larger than the frame so it can drift. */
  back: Surface;
  /** The sharp artwork as a card with its shadow, on a padded surface. */
  card: Surface;
  pad: number;
  glow: Surface;
}

/** The artwork card with its soft shadow (drawn once: a blur per frame would cost too much). */
export function shadowedCard(host: RenderHost, scene: Scene, side: number, radius: number) {
  const u = unit(scene.settings.width, scene.settings.height);
  const pad = Math.round(90 * u);
  const surface = host.createSurface(side + pad * 2, side + pad * 2);
  const ctx = surface.ctx;
  const art = loopArtwork(scene);
  setShadow(ctx, u, 0.55, 60, 24);
  if (art) {
    ctx.fillStyle = '#000000';
    ctx.beginPath();
    ctx.roundRect(pad, pad, side, side, radius);
    ctx.fill();
    clearShadow(ctx);
    ctx.drawImage(roundedImage(host, art, side, side, radius).image, pad, pad);
  } else {
    const { colors } = scene.settings;
    const g = ctx.createLinearGradient(pad, pad, pad + side, pad + side);
    g.addColorStop(0, colors.color_border);
    g.addColorStop(1, colors.spectrum_color);
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.roundRect(pad, pad, side, side, radius);
    ctx.fill();
    clearShadow(ctx);
  }
  return { surface, pad };
}

/** The cover art breathes in a slow zoom while its blurred copy drifts the other way. */
export const slowZoom = defineTemplate<Layers>({
  ...CANVAS_INFO,
  coversFrame: true,
  name: 'slow-zoom',
  title: 'Slow Zoom',
  description: 'Your cover art breathes in a slow zoom over a drifting, blurred copy of itself.',
  colorFields: ['primary_color', 'secondary_color', 'color_border', 'spectrum_color'],
  imageSlots: ['album_art', 'background'],
  textFields: ['title', 'artist'],
  defaultColors: palette({
    primary_color: '#14102b',
    secondary_color: '#3b1f5c',
    color_border: '#ffd6a5',
    spectrum_color: '#ff8fab',
  }),
  prepare(host, scene) {
    const { width, height, colors } = scene.settings;
    const art = loopArtwork(scene);
    const side = Math.round(width * 0.74);
    const card = shadowedCard(host, scene, side, Math.round(side * 0.03));
    const back = artworkBackdrop(
      host,
      scene,
      art ? { blur: 0.06, darken: 0.45, vignette: 0.5 } : { blur: 0, darken: 0, vignette: 0.5 },
      { width: Math.round(width * 1.16), height: Math.round(height * 1.1) },
    );
    return {
      back,
      card: card.surface,
      pad: card.pad,
      glow: glowSprite(host, colors.spectrum_color),
    };
  },
  draw(ctx, { scene, layers, loop, width, height }) {
    const L = loopOf(loop);
    const u = unit(width, height);
    const accent = beatAccent(L);
    const angle = 2 * Math.PI * L.phase;
    const dx = Math.cos(angle) * width * 0.05;
    const dy = Math.sin(angle) * height * 0.03;
    const bw = layers.back.image.width;
    const bh = layers.back.image.height;
    // On whole pixels: a 1:1 copy (a drift by a fraction of a pixel resamples every pixel of the
    // frame, three times the work, and on a blurred picture shows nothing more).
    ctx.drawImage(
      layers.back.image,
      Math.round((width - bw) / 2 + dx),
      Math.round((height - bh) / 2 + dy),
    );

    // A soft light behind the card, brighter on the beat.
    const glowSize = width * (1.1 + 0.25 * accent);
    ctx.globalAlpha = 0.25 + 0.35 * accent;
    ctx.globalCompositeOperation = 'lighter';
    ctx.drawImage(
      layers.glow.image,
      (width - glowSize) / 2,
      height * 0.44 - glowSize / 2,
      glowSize,
      glowSize,
    );
    ctx.globalCompositeOperation = 'source-over';
    ctx.globalAlpha = 1;

    const scale = 1 + 0.05 * loopWave(L.phase) + 0.025 * accent;
    const size = layers.card.image.width * scale;
    ctx.drawImage(
      layers.card.image,
      width / 2 - size / 2 - dx * 0.5,
      height * 0.44 - size / 2 - dy * 0.5,
      size,
      size,
    );

    drawTitleBlock(ctx, scene, width, height, u);
  },
});
