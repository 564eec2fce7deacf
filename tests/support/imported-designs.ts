// Particle designs as users bring them from tsParticles' own site (the editor's Import), heavier
// than our presets: thousands of particles and the updaters those designs use most (wobble,
// rotate, tilt, twinkle, opacity and size animation) and links. The render tests check they draw
// as the engine draws them; the particle bench measures the render's speed on them.

import { DEFAULT_AUDIO, DEFAULT_BACKGROUND, DESIGN_FORMAT } from '../../core/particles/design';
import type { ParticleDesign, ParticleOptions } from '../../core/particles/design';

function design(name: string, options: ParticleOptions): ParticleDesign {
  return {
    format: DESIGN_FORMAT,
    version: 1,
    name,
    options,
    audio: { ...DEFAULT_AUDIO },
    background: { ...DEFAULT_BACKGROUND },
  };
}

const fill = (color: string | string[]) => ({ fill: { enable: true, color: { value: color } } });

/** The example: 3000 circles falling, sizes 1-4 px, opacity 0.3-0.9, wobbling. */
export const FALLING_WOBBLE = design('Falling, wobbling', {
  particles: {
    number: { value: 3000 },
    paint: fill('#ffffff'),
    shape: { type: 'circle' },
    opacity: { value: { min: 0.3, max: 0.9 } },
    size: { value: { min: 1, max: 4 } },
    move: { enable: true, direction: 'bottom', speed: { min: 1, max: 3 }, straight: false },
    wobble: { enable: true, distance: 10, speed: { angle: 10, move: 10 } },
  },
});

/** Confetti: every common updater at once on circles and squares. */
export const CONFETTI = design('Confetti', {
  particles: {
    number: { value: 3000 },
    paint: fill(['#ff4d6d', '#ffd166', '#06d6a0', '#118ab2', '#ffffff']),
    shape: { type: ['circle', 'square'] },
    opacity: {
      value: { min: 0.3, max: 1 },
      animation: { enable: true, speed: 0.5, sync: false },
    },
    size: {
      value: { min: 2, max: 5 },
      animation: { enable: true, speed: 2, sync: false },
    },
    move: { enable: true, direction: 'bottom', speed: { min: 1, max: 4 } },
    rotate: {
      value: { min: 0, max: 360 },
      direction: 'random',
      animation: { enable: true, speed: 30 },
    },
    tilt: {
      enable: true,
      value: { min: 0, max: 360 },
      direction: 'random',
      animation: { enable: true, speed: 30 },
    },
    twinkle: { particles: { enable: true, frequency: 0.05, opacity: 1, fillColor: '#ffffff' } },
    wobble: { enable: true, distance: 20, speed: { angle: 10, move: 10 } },
  },
});

/** Twinkling snow: plain circles but for the few that twinkle each frame. */
export const TWINKLING_SNOW = design('Twinkling snow', {
  particles: {
    number: { value: 3000 },
    paint: fill('#cfe8ff'),
    shape: { type: 'circle' },
    opacity: {
      value: { min: 0.2, max: 0.8 },
      animation: { enable: true, speed: 0.8, sync: false },
    },
    size: { value: { min: 1, max: 4 }, animation: { enable: true, speed: 1, sync: false } },
    move: { enable: true, direction: 'bottom', speed: { min: 0.5, max: 2 } },
    twinkle: { particles: { enable: true, frequency: 0.05, opacity: 1, fillColor: '#ffffff' } },
  },
});

/** A network of 300 linked points. */
export const LINKS_300 = design('Links, 300', {
  particles: {
    number: { value: 300 },
    paint: fill('#7dd3fc'),
    shape: { type: 'circle' },
    opacity: { value: 0.8 },
    size: { value: { min: 1, max: 3 } },
    links: { enable: true, distance: 150, color: '#7dd3fc', opacity: 0.4, width: 1 },
    move: { enable: true, speed: 1.5, outModes: 'bounce' },
  },
});

export const IMPORTED_DESIGNS = {
  'falling-wobble': FALLING_WOBBLE,
  'twinkling-snow': TWINKLING_SNOW,
  confetti: CONFETTI,
  'links-300': LINKS_300,
} as const;
