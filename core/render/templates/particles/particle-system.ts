// The one template of a particle render: the design's background colour, the background picture
// at the design's opacity, then the particles of tsParticles' engine (particles/particle-stage):
// what the engine drew on its canvas, then its plain circles drawn into the frame's pixels.

import { DEFAULT_BACKGROUND } from '../../../particles/design';
import type { Surface } from '../../canvas-2d';
import { defineTemplate } from '../../template';
import { scaledCover } from '../draw-helpers';
import { palette } from '../palette';

interface Layers {
  picture: Surface | null;
}

export const PARTICLE_TEMPLATE_NAME = 'particle-system';

export const particleSystem = defineTemplate<Layers>({
  kind: 'particles',
  name: PARTICLE_TEMPLATE_NAME,
  title: 'Particle System',
  description: 'Your particle design over a colour or a picture, moving to the music.',
  colorFields: [],
  imageSlots: ['background'],
  textFields: [],
  defaultColors: palette({}),
  aspects: ['16:9', '1:1', '9:16', '4:5'],
  prepare(host, scene) {
    const image = scene.images.background;
    const { width, height } = scene.settings;
    return { picture: image ? scaledCover(host, image, width, height) : null };
  },
  draw(ctx, { scene, layers, t, width, height }) {
    const background = scene.settings.particles?.background ?? DEFAULT_BACKGROUND;
    ctx.fillStyle = background.color;
    ctx.fillRect(0, 0, width, height);
    if (layers.picture && background.imageOpacity > 0) {
      ctx.globalAlpha = background.imageOpacity;
      ctx.drawImage(layers.picture.image, 0, 0);
      ctx.globalAlpha = 1;
    }
    const stage = scene.particles;
    if (!stage) return;
    stage.advanceTo(t);
    stage.drawOn(ctx);
  },
  drawPixels(frame, { scene }) {
    scene.particles?.blendInto(frame);
  },
  // The colour and picture stay; the canvas moves only when the engine drew on it itself.
  canvasIsBackdrop: ({ scene }) => !scene.particles?.drawsOnCanvas(),
});
