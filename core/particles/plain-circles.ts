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

import {
  getRandom,
  hslToRgb,
  type Container,
  type IDelta,
  type IParticleUpdater,
  type Particle,
} from '@tsparticles/engine';
import { blendDisc, type PixelFrame } from '../render/pixel-frame';
import { isTwinkleUpdater } from './engine-plugins';

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

/**
 * The updaters' draw hooks, which the engine applies to each particle as it draws it: colours
 * (twinkle) and transforms (tilt). Null when a plugin or an updater changes drawing in a way
 * this file does not follow (the engine then draws everything itself).
 */
interface DrawHooks {
  colours: IParticleUpdater[];
  transforms: IParticleUpdater[];
}

function drawHooksOf(container: Container): DrawHooks | null {
  const pluginHooks = [
    'particleFillColor',
    'particleStrokeColor',
    'drawParticleSetup',
    'drawParticleCleanup',
    'drawParticleTransform',
  ];
  const has = (thing: object, names: string[]) =>
    names.some((name) => typeof (thing as Record<string, unknown>)[name] === 'function');
  const updaters = container.particleUpdaters;
  if (container.plugins.some((plugin) => has(plugin, pluginHooks))) return null;
  if (updaters.some((updater) => has(updater, ['beforeDraw', 'afterDraw']))) return null;
  return {
    colours: updaters.filter((updater) => updater.getColorStyles),
    transforms: updaters.filter((updater) => updater.getTransformValues),
  };
}

const off = (value: number | undefined, identity: number) =>
  value !== undefined && value !== identity;

/** Whether an updater's transform (tilt) changes this particle's picture: a circle stays one. */
function transformed(hooks: DrawHooks, particle: Particle): boolean {
  for (const updater of hooks.transforms) {
    const { a, b, c, d } = updater.getTransformValues!(particle);
    if (off(a, 1) || off(b, 0) || off(c, 0) || off(d, 1)) return true;
  }
  return false;
}

/** A colour option whose value names one colour: reading it takes no random number. */
const fixedColour = (colour: { value?: unknown } | undefined) =>
  !colour || (typeof colour.value === 'string' && colour.value !== 'random');

/**
 * Whether twinkle leaves this particle as it is this time, found without twinkle's own work
 * (it parses its colours and builds their style strings for every particle, twinkling or not:
 * most of a twinkling design's step). Twinkle twinkles when its first random number is under
 * the frequency; peeking at that number and taking it when the answer is no leaves the random
 * source exactly where twinkle would. A random or listed twinkle colour takes random numbers
 * of its own: twinkle then does its own work.
 */
function notTwinkling(updater: IParticleUpdater, particle: Particle, peek: () => number): boolean {
  if (!isTwinkleUpdater(updater)) return false;
  const twinkle = (
    particle.options as {
      twinkle?: {
        particles: {
          frequency: number;
          fillColor?: { value?: unknown };
          strokeColor?: { value?: unknown };
        };
      };
    }
  ).twinkle?.particles;
  if (!twinkle || !fixedColour(twinkle.fillColor) || !fixedColour(twinkle.strokeColor)) {
    return false;
  }
  if (peek() < twinkle.frequency) return false;
  getRandom();
  return true;
}

/** 'hsla(h, s%, l%, a)', the engine's fill style when HDR is off (engineOptions turns it off). */
const HSLA = /^hsla\(([-\d.e]+), ([-\d.e]+)%, ([-\d.e]+)%, ([-\d.e]+)\)$/;

/** A fill style an updater gave, as 0xRRGGBB and opacity; null if it is not an hsla() string. */
function parseFill(style: string): { rgb: number; alpha: number } | null {
  const match = HSLA.exec(style);
  if (!match) return null;
  const [h, s, l, a] = match.slice(1).map(Number) as [number, number, number, number];
  const { r, g, b } = hslToRgb({ h, s, l });
  return { rgb: (r << 16) | (g << 8) | b, alpha: Math.min(1, Math.max(0, a)) };
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
export function takeOverPlainCircles(
  container: Container,
  peekRandom?: () => number,
): PlainCircles | null {
  const hooks = drawHooksOf(container);
  if (!hooks) return null;
  const render = container.canvas.render;
  const engineDrawParticle = render.drawParticle.bind(render);
  const links = drawsLinks(container);
  let noted = new Float64Array(STRIDE * 1024);
  let count = 0;
  let engineDrew = false;

  /**
   * The fill an updater gives this particle now (twinkle), as the engine would ask for it. An
   * updater not enabled for the particle is not asked: twinkle's answer is then empty and takes
   * no random number (twinkle is the one colour updater engine-plugins.ts loads).
   */
  const hookedFill = (particle: Particle, radius: number, opacity: number) => {
    let fill: unknown;
    for (const updater of hooks.colours) {
      if (!updater.isEnabled(particle)) continue;
      if (peekRandom && notTwinkling(updater, particle, peekRandom)) continue;
      const styles = render.draw((context) =>
        updater.getColorStyles!(particle, context, radius, opacity),
      );
      if (styles?.fill) fill = styles.fill;
    }
    return fill;
  };

  /**
   * Takes a plain circle's drawing: false leaves it to the engine (a colour this file cannot
   * read). The colour hooks run for every circle the engine would draw, noted or not, so the
   * random numbers they take (twinkle's) are the same however many frames are drawn.
   */
  const take = (particle: Particle): boolean => {
    if (particle.spawning || particle.destroyed) return true;
    const colour = particle.getFillColor();
    if (!colour) return true;
    const size = particle.getRadius();
    if (!(size > 0)) return true;
    const { fillOpacity, opacity } = particle.getOpacity();
    let alpha = Math.min(1, Math.max(0, (fillOpacity ?? 1) * opacity));
    let rgb: number;
    const fill = hooks.colours.length > 0 ? hookedFill(particle, size, opacity) : undefined;
    if (fill) {
      const parsed = typeof fill === 'string' ? parseFill(fill) : null;
      if (!parsed) return false;
      ({ rgb, alpha } = parsed);
    } else {
      const { r, g, b } = hslToRgb(colour);
      rgb = (r << 16) | (g << 8) | b;
    }
    if (!api.noting) return true;
    const radius = size * (1 - particle.zIndexFactor) ** particle.options.zIndex.sizeRate;
    if (!(radius > 0) || !(alpha > 0)) return true;
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
    noted[at + 3] = rgb;
    noted[at + 4] = alpha;
    count++;
    return true;
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
    const plain =
      isPlainCircle(particle) && (hooks.transforms.length === 0 || !transformed(hooks, particle));
    if (plain && take(particle)) return;
    engineDrew = true;
    engineDrawParticle(particle, delta);
  };
  return api;
}
