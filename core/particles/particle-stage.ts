// tsParticles' own engine run frame by frame: a fixed time step of 1/fps, randomness from the
// render's seed, and the music's features at each step's time. The editor's preview (a Web
// Worker, OffscreenCanvas) and the server's render (a frame thread, @napi-rs/canvas) both run
// this, so one design at one seed gives the same frames in both.
//
// The engine keeps its random source and its animation-frame scheduler in module state
// (setRandom, setAnimationFunctions): one stage runs at a time in a realm, and starting a stage
// ends the one before.

import type { Analysis } from '../audio-analysis/analysis-format';
import type { Canvas2D, RenderHost } from '../render/canvas-2d';
import type { PixelFrame } from '../render/pixel-frame';
import { featuresAt, type FrameFeatures } from '../render/features';
import { seededRandom } from '../render/random';
import { layoutScale } from '../render/layout-scale';
import {
  EventType,
  setAnimationFunctions,
  setRandom,
  type Container,
  type Particle,
} from '@tsparticles/engine';
import {
  MAX_BURST,
  MAX_EMISSION_PER_SECOND,
  MAX_PARTICLES,
  type AudioMapping,
  type ParticleDesign,
  type ParticleOptions,
} from './design';
import { takeOverPlainShapes } from './plain-shapes';
import { particleEngine } from './engine-plugins';

export interface StageParams {
  design: ParticleDesign;
  width: number;
  height: number;
  fps: number;
  seed: number;
  /** The track's analysis; null: the particles move without music. */
  analysis: Analysis | null;
  /**
   * Let the engine draw every particle with its own canvas calls, plain shapes too (slower;
   * for comparing the two ways in tests).
   */
  engineDrawsAll?: boolean;
}

export interface ParticleStage {
  /** The frame the layer shows (0 once created). */
  readonly frame: number;
  /** Particles alive now. */
  count(): number;
  /**
   * Steps the simulation to the frame at t (rounded to the frame grid) and draws it. Going back
   * is not possible: restart with a new stage (the same params give the same frames).
   */
  advanceTo(t: number): void;
  /**
   * Draws the current frame's particles, in two parts: drawOn puts what the engine drew itself
   * (shapes other than plain circles and squares, links) on ctx, a frame of the stage's size; blendInto then
   * draws the plain shapes into that frame's pixels (plain-shapes.ts).
   */
  drawOn(ctx: Canvas2D): void;
  /** Whether drawOn puts anything on ctx this frame (false: every particle is in blendInto). */
  drawsOnCanvas(): boolean;
  blendInto(frame: PixelFrame): void;
  destroy(): void;
}

/** How strong the mapped band is at one instant, 0..1. */
export function bandEnergy(features: FrameFeatures, audio: AudioMapping): number {
  return Math.min(1, Math.max(0, features[audio.band]));
}

/** What the music does at one step: radius and clock factors, particles to add. */
export function audioDrive(audio: AudioMapping, energy: number, fps: number) {
  return {
    sizeFactor: 1 + 2 * audio.size * energy,
    speedFactor: 1 + 3 * audio.speed * energy,
    emitPerStep: (audio.emission * MAX_EMISSION_PER_SECOND * energy) / fps,
    burst: Math.round(audio.burst * MAX_BURST),
  };
}

const at = (value: unknown, key: string): Record<string, unknown> => {
  const node = (value as Record<string, unknown> | undefined)?.[key];
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : {};
};

/**
 * The design's options with what ties tsParticles to a page switched off (full screen, retina,
 * resizing, pausing when hidden, pointer events) and the particle limit set, so bursts and
 * emission cannot grow memory past MAX_PARTICLES.
 */
export function engineOptions(options: ParticleOptions, pixelRatio = 1): ParticleOptions {
  const particles = at(options, 'particles');
  const number = at(particles, 'number');
  const limit = at(number, 'limit');
  const count = typeof number.value === 'number' ? number.value : 0;
  const wanted = typeof limit.value === 'number' && limit.value > 0 ? limit.value : count + 600;
  return {
    ...options,
    autoPlay: true,
    clear: true,
    delay: 0,
    // The design is made at 1080p; a 4K stage scales its pixels (sizes, speeds, links) through
    // the engine's own retina ratio (withPixelRatio), so it moves as its 1080p picture does.
    detectRetina: pixelRatio !== 1,
    duration: 0,
    fpsLimit: 1000,
    fullScreen: { enable: false },
    hdr: { enable: false },
    pauseOnBlur: false,
    pauseOnOutsideViewport: false,
    resize: { enable: false },
    smooth: false,
    background: { color: 'transparent', image: '', opacity: 0 },
    interactivity: { events: { onClick: { enable: false }, onHover: { enable: false } } },
    particles: {
      ...particles,
      number: {
        ...number,
        density: { enable: false },
        limit: { mode: 'delete', value: Math.min(MAX_PARTICLES, Math.max(1, wanted)) },
      },
    },
  };
}

/** A beat's burst: from the centre, fast, in every direction, gone once off the frame. */
const BURST_OVERRIDE = {
  move: {
    enable: true,
    direction: 'none',
    straight: true,
    speed: { min: 6, max: 14 },
    outModes: 'destroy',
  },
  opacity: { value: 1 },
  size: { value: { min: 2, max: 5 } },
};

let active: { destroy(): void } | null = null;

/** A random source that can show its next number before giving it. */
function peekable(source: () => number) {
  let ahead: number | undefined;
  return {
    next(): number {
      if (ahead === undefined) return source();
      const value = ahead;
      ahead = undefined;
      return value;
    },
    peek: (): number => (ahead ??= source()),
  };
}

/**
 * Runs `load` with the realm's devicePixelRatio at `ratio`: the engine's retina ratio, read once
 * as a container starts (there is no such global in a worker or in Node, and a page's is its
 * screen's, not the output's).
 */
async function withPixelRatio<T>(ratio: number, load: () => Promise<T>): Promise<T> {
  if (ratio === 1) return load();
  const realm = globalThis as { devicePixelRatio?: number };
  const own = Object.getOwnPropertyDescriptor(realm, 'devicePixelRatio');
  Object.defineProperty(realm, 'devicePixelRatio', { value: ratio, configurable: true });
  try {
    return await load();
  } finally {
    if (own) Object.defineProperty(realm, 'devicePixelRatio', own);
    else delete realm.devicePixelRatio;
  }
}

export async function createParticleStage(
  host: RenderHost,
  params: StageParams,
): Promise<ParticleStage> {
  active?.destroy();
  const { design, width, height, fps, seed, analysis } = params;
  const engine = await particleEngine();
  const surface = host.createSurface(width, height);
  // The engine asks for its next frame through this scheduler: the stage calls it with the
  // step's time, so the engine never waits for a display.
  let pending: ((timestamp: number) => void) | undefined;
  setAnimationFunctions(
    (callback) => {
      pending = callback;
      return 1;
    },
    () => {
      pending = undefined;
    },
  );
  const random = peekable(seededRandom(seed));
  setRandom(random.next);

  let sizeFactor = 1;
  const sizeModifier = (particle: Particle) => ({
    id: 'waveframe-audio-size',
    enabled: true,
    priority: 0,
    get radius() {
      return particle.size.value * sizeFactor;
    },
  });
  const onAdded = (event?: { data?: unknown }) => {
    const particle = (event?.data as { particle?: Particle } | undefined)?.particle;
    if (particle && !particle.getModifier('waveframe-audio-size')) {
      particle.addModifier(sizeModifier(particle));
    }
  };
  engine.addEventListener(EventType.particleAdded, onAdded);

  const pixelRatio = layoutScale({ width, height });
  const container: Container | undefined = await withPixelRatio(pixelRatio, () =>
    engine.load({
      id: 'waveframe-particles',
      element: surface.image as never,
      options: engineOptions(design.options, pixelRatio) as never,
    }),
  );
  if (!container) throw new Error('The particle engine did not start');
  const shapes = params.engineDrawsAll ? null : takeOverPlainShapes(container, random.peek);
  const centre = { x: width / 2, y: height / 2 };

  let frame = 0;
  let clock = 0;
  let lastBeat = -1;
  let owed = 0;
  let destroyed = false;
  const runEngine = (timestamp: number) => {
    const next = pending;
    pending = undefined;
    next?.(timestamp);
  };
  /** One step of the engine; only the last step of an advance draws. */
  const step = (index: number, drawn: boolean) => {
    if (shapes) {
      shapes.reset();
      shapes.noting = drawn;
    }
    const t = index / fps;
    const features = featuresAt(analysis, t);
    const drive = audioDrive(design.audio, bandEnergy(features, design.audio), fps);
    sizeFactor = drive.sizeFactor;
    owed += drive.emitPerStep;
    const emit = Math.floor(owed);
    owed -= emit;
    if (emit > 0) container.particles.push(emit);
    if (features.beatIndex > lastBeat) {
      lastBeat = features.beatIndex;
      if (drive.burst > 0) container.particles.push(drive.burst, centre, BURST_OVERRIDE as never);
    }
    clock += (1000 / fps) * drive.speedFactor;
    runEngine(clock);
  };
  // Frame 0: the particles as they start (the engine's first step has no elapsed time).
  sizeFactor = audioDrive(
    design.audio,
    bandEnergy(featuresAt(analysis, 0), design.audio),
    fps,
  ).sizeFactor;
  runEngine(0);

  const stage = {
    get frame() {
      return frame;
    },
    count: () => container.particles.count,
    advanceTo(t: number) {
      if (destroyed) throw new Error('This particle stage has ended');
      const target = Math.round(t * fps);
      while (frame < target) step(++frame, frame === target);
    },
    drawOn(ctx: Canvas2D) {
      if (stage.drawsOnCanvas()) ctx.drawImage(surface.image, 0, 0);
    },
    drawsOnCanvas() {
      return !shapes || shapes.engineDrew;
    },
    blendInto(frame: PixelFrame) {
      shapes?.blendInto(frame);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      engine.removeEventListener(EventType.particleAdded, onAdded);
      shapes?.uninstall();
      container.destroy();
      if (active === stage) active = null;
    },
  };
  active = stage;
  return stage;
}
