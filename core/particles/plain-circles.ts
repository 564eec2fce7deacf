// Plain circles drawn into the frame's pixels. tsParticles draws each particle on its own
// canvas with about ten canvas calls (a transform, a colour string built and parsed, a path, a
// fill); at 3000 particles that was most of a render's frame on the server, where each call
// crosses into Skia and each small anti-aliased fill costs microseconds. The engine still moves
// every particle and its draw pass still visits them in its order, but a filled circle with no
// outline or effect is only noted (position, radius, colour); blendInto then draws the noted
// circles, in that order, straight into the frame's RGBA pixels (render/pixel-frame.ts), which
// the server reads for the encoder anyway. Everything else (other shapes, outlines, links) stays
// on the engine's own canvas, drawn by the engine and composited under the circles.
//
// The editor's preview and the video both draw through here, so they match; against the engine's
// own drawing, circles end up over the other shapes, and their edges are this file's (coverage
// from the distance to the centre) rather than the canvas's.

import { hslToRgb, type Container, type IDelta, type Particle } from '@tsparticles/engine';
import { blendDisc, type PixelFrame } from '../render/pixel-frame';

const FULL_TURN = Math.PI * 2;
/** Numbers noted per circle: x, y, radius, colour (0xRRGGBB), opacity 0..1. */
const STRIDE = 5;

export interface PlainCircles {
  /** Whether the engine drew anything on its own canvas in the last step. */
  readonly engineDrew: boolean;
  /** Drops what was noted: the next step notes afresh. */
  reset(): void;
  /** Note the circles of the steps to come (true) or let them pass (catching up, false). */
  noting: boolean;
  /** Draws the noted circles into the frame's pixels. */
  blendInto(frame: PixelFrame): void;
  /** Gives the engine back its own drawing. */
  uninstall(): void;
}

/** Whether anything in the container changes how a particle is drawn beyond shape and colour. */
function hasDrawHooks(container: Container): boolean {
  const pluginHooks = [
    'particleFillColor',
    'particleStrokeColor',
    'drawParticleSetup',
    'drawParticleCleanup',
    'drawParticleTransform',
  ];
  const updaterHooks = ['getColorStyles', 'getTransformValues', 'beforeDraw', 'afterDraw'];
  const has = (thing: object, names: string[]) =>
    names.some((name) => typeof (thing as Record<string, unknown>)[name] === 'function');
  return (
    container.plugins.some((plugin) => has(plugin, pluginHooks)) ||
    container.particleUpdaters.some((updater) => has(updater, updaterHooks))
  );
}

/** Whether the design draws links between particles (the one plugin of ours that draws). */
function drawsLinks(container: Container): boolean {
  const links = (container.actualOptions.particles as { links?: { enable?: boolean } }).links;
  return links?.enable === true;
}

/** A particle drawn here: a whole filled circle with no outline and no effect. */
function isPlainCircle(particle: Particle): boolean {
  if (particle.shape !== 'circle' || particle.effect || !particle.fillEnabled) return false;
  if ((particle.strokeWidth ?? 0) > 0) return false;
  const range = (particle as Particle & { circleRange?: { min: number; max: number } }).circleRange;
  return !range || (range.min === 0 && range.max >= FULL_TURN);
}

/**
 * Takes over the drawing of plain circles in the container; null when something in the design
 * changes how particles are drawn (the engine then draws everything itself).
 */
export function takeOverPlainCircles(container: Container): PlainCircles | null {
  if (hasDrawHooks(container)) return null;
  const render = container.canvas.render;
  const engineDrawParticle = render.drawParticle.bind(render);
  const links = drawsLinks(container);
  let noted = new Float64Array(STRIDE * 1024);
  let count = 0;
  let engineDrew = false;

  const note = (particle: Particle): void => {
    if (particle.spawning || particle.destroyed) return;
    const colour = particle.getFillColor();
    if (!colour) return;
    const radius =
      particle.getRadius() * (1 - particle.zIndexFactor) ** particle.options.zIndex.sizeRate;
    if (!(radius > 0)) return;
    const { fillOpacity, opacity } = particle.getOpacity();
    const alpha = Math.min(1, Math.max(0, (fillOpacity ?? 1) * opacity));
    if (!(alpha > 0)) return;
    const { r, g, b } = hslToRgb(colour);
    const position = particle.getPosition();
    if (noted.length < (count + 1) * STRIDE) {
      const grown = new Float64Array(noted.length * 2);
      grown.set(noted);
      noted = grown;
    }
    const at = count * STRIDE;
    noted[at] = position.x;
    noted[at + 1] = position.y;
    noted[at + 2] = radius;
    noted[at + 3] = (r << 16) | (g << 8) | b;
    noted[at + 4] = alpha;
    count++;
  };

  const api: PlainCircles = {
    get engineDrew() {
      return engineDrew || links;
    },
    noting: true,
    reset() {
      count = 0;
      engineDrew = false;
    },
    blendInto(frame) {
      for (let i = 0; i < count; i++) {
        const at = i * STRIDE;
        blendDisc(
          frame,
          noted[at]!,
          noted[at + 1]!,
          noted[at + 2]!,
          noted[at + 3]!,
          noted[at + 4]!,
        );
      }
    },
    uninstall() {
      render.drawParticle = engineDrawParticle;
    },
  };

  render.drawParticle = (particle: Particle, delta: IDelta) => {
    if (isPlainCircle(particle)) {
      if (api.noting) note(particle);
      return;
    }
    engineDrew = true;
    engineDrawParticle(particle, delta);
  };
  return api;
}
