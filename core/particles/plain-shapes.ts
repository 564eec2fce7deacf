// Plain shapes drawn into the frame's pixels. tsParticles draws each particle on its own canvas
// with about ten canvas calls (a transform, a colour string built and parsed, a path, a fill);
// at 3000 particles that was most of a render's frame on the server, where each call crosses
// into Skia and each small anti-aliased fill costs microseconds. The engine still moves every
// particle and its draw pass still visits them in its order, but a filled circle or square with
// no outline or effect is only noted (position, radius, colour, the transform its rotation and
// tilt give); blendInto then draws the noted shapes, in that order, straight into the frame's
// RGBA pixels (render/pixel-frame.ts), which the server reads for the encoder anyway.
// Everything else (other shapes, outlines, links) stays on the engine's own canvas, drawn by the
// engine and composited under the noted shapes.
//
// The editor's preview and the video both draw through here, so they match; against the engine's
// own drawing, noted shapes end up over the others, and their edges are this file's (coverage
// from the distance to the edge) rather than the canvas's.

import {
  getRandom,
  hslToRgb,
  type Container,
  type IDelta,
  type IParticleUpdater,
  type Particle,
} from '@tsparticles/engine';
import { blendDisc, blendShape, ShapeKind, type PixelFrame } from '../render/pixel-frame';
import { isTwinkleUpdater } from './engine-plugins';

const FULL_TURN = Math.PI * 2;
/**
 * Numbers noted per shape: x, y, radius, colour (0xRRGGBB), opacity 0..1, ShapeKind, and the
 * transform's a, b, c, d (setTransform's).
 */
const STRIDE = 10;

export interface PlainShapes {
  /** Whether the engine drew anything on its own canvas in the last step. */
  readonly engineDrew: boolean;
  /** Drops what was noted: the next step notes afresh. */
  reset(): void;
  /** Note the shapes of the steps to come (true) or let them pass (catching up, false). */
  noting: boolean;
  /** Draws the noted shapes into the frame's pixels. */
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

const TRANSFORM_KEYS = ['a', 'b', 'c', 'd'] as const;

/** Whether a transform only turns (a rotation, no skew or scale), to within rounding. */
function turnsOnly({ a, b, c, d }: { a: number; b: number; c: number; d: number }): boolean {
  return Math.abs(a - d) < 1e-9 && Math.abs(b + c) < 1e-9 && Math.abs(a * a + b * b - 1) < 1e-9;
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
  // getRandom's clamp, as twinkle sees the number.
  if (Math.min(peek(), 1 - Number.EPSILON) < twinkle.frequency) return false;
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

/** The particle's shape if it is drawn here: a whole circle or a square, filled, plain. */
function plainShape(particle: Particle): ShapeKind | null {
  if (particle.effect || !particle.fillEnabled || (particle.strokeWidth ?? 0) > 0) return null;
  if (particle.shape === 'square') return ShapeKind.Square;
  if (particle.shape !== 'circle') return null;
  const range = (particle as Particle & { circleRange?: { min: number; max: number } }).circleRange;
  return !range || (range.min === 0 && range.max >= FULL_TURN) ? ShapeKind.Disc : null;
}

/**
 * Takes over the drawing of plain shapes in the container; null when something in the design
 * changes how particles are drawn (the engine then draws everything itself).
 */
export function takeOverPlainShapes(
  container: Container,
  peekRandom?: () => number,
): PlainShapes | null {
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

  /** The transform the engine would draw the particle with: its rotation and the updaters' tilt. */
  const hooked: { a?: number; b?: number; c?: number; d?: number } = {};
  const transformOf = (particle: Particle) => {
    hooked.a = hooked.b = hooked.c = hooked.d = undefined;
    for (const updater of hooks.transforms) {
      const values = updater.getTransformValues!(particle);
      for (const key of TRANSFORM_KEYS) {
        const value = values[key];
        if (value !== undefined) hooked[key] = (hooked[key] ?? 1) * value;
      }
    }
    return particle.getTransformData(hooked);
  };

  /**
   * Takes a plain shape's drawing: false leaves it to the engine (a colour this file cannot
   * read). The colour hooks run for every shape the engine would draw, noted or not, so the
   * random numbers they take (twinkle's) are the same however many frames are drawn.
   */
  const take = (particle: Particle, kind: ShapeKind): boolean => {
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
    const transform = transformOf(particle);
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
    noted[at + 5] = kind;
    noted[at + 6] = transform.a;
    noted[at + 7] = transform.b;
    noted[at + 8] = transform.c;
    noted[at + 9] = transform.d;
    count++;
    return true;
  };

  const api: PlainShapes = {
    get engineDrew() {
      return engineDrew || links;
    },
    noting: true,
    reset() {
      count = 0;
      engineDrew = false;
    },
    blendInto(frame) {
      const transform = { a: 1, b: 0, c: 0, d: 1 };
      for (let at = 0; at < count * STRIDE; at += STRIDE) {
        const kind = noted[at + 5] === ShapeKind.Square ? ShapeKind.Square : ShapeKind.Disc;
        transform.a = noted[at + 6]!;
        transform.b = noted[at + 7]!;
        transform.c = noted[at + 8]!;
        transform.d = noted[at + 9]!;
        const x = noted[at]!;
        const y = noted[at + 1]!;
        const radius = noted[at + 2]!;
        const rgb = noted[at + 3]!;
        const alpha = noted[at + 4]!;
        // A circle turned (and not skewed) is the same circle.
        if (kind === ShapeKind.Disc && turnsOnly(transform)) {
          blendDisc(frame, x, y, radius, rgb, alpha);
        } else {
          blendShape(frame, kind, x, y, radius, transform, rgb, alpha);
        }
      }
    },
    uninstall() {
      render.drawParticle = engineDrawParticle;
    },
  };

  render.drawParticle = (particle: Particle, delta: IDelta) => {
    const kind = plainShape(particle);
    if (kind !== null && take(particle, kind)) return;
    engineDrew = true;
    engineDrawParticle(particle, delta);
  };
  return api;
}
