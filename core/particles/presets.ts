// The editor's starting points: each a tsParticles options object (v4) plus how the music moves
// it. `npm run render -- templates` lists them as `particles <name>` lines.

import {
  DEFAULT_BACKGROUND,
  DESIGN_FORMAT,
  type AudioMapping,
  type ParticleDesign,
  type ParticleOptions,
} from './design';

export interface ParticlePreset {
  /** URL-safe name, e.g. 'snow'. */
  name: string;
  title: string;
  /** One sentence for the preset list. */
  description: string;
  design: ParticleDesign;
}

function preset(
  name: string,
  title: string,
  description: string,
  options: ParticleOptions,
  audio: AudioMapping,
  background: string,
): ParticlePreset {
  return {
    name,
    title,
    description,
    design: {
      format: DESIGN_FORMAT,
      version: 1,
      name: title,
      options,
      audio,
      background: { ...DEFAULT_BACKGROUND, color: background },
    },
  };
}

const fill = (...colors: string[]) => ({
  fill: { enable: true, color: { value: colors.length === 1 ? colors[0] : colors } },
});

export const PARTICLE_PRESETS: readonly ParticlePreset[] = [
  preset(
    'snow',
    'Snow',
    'Soft flakes falling and drifting; the bass makes them swell.',
    {
      particles: {
        number: { value: 600 },
        paint: fill('#ffffff'),
        shape: { type: 'circle' },
        opacity: { value: { min: 0.3, max: 0.9 } },
        size: { value: { min: 1, max: 5 } },
        move: { enable: true, direction: 'bottom', speed: { min: 0.5, max: 2 }, drift: 0.4 },
      },
    },
    { band: 'bass', emission: 0, size: 0.35, speed: 0.25, burst: 0 },
    '#0b1526',
  ),
  preset(
    'fireflies',
    'Fireflies',
    'Warm lights wandering in the dark, pulsing with the music.',
    {
      particles: {
        number: { value: 160 },
        paint: fill('#ffe27a', '#fff3b0', '#c6ff7a'),
        shape: { type: 'circle' },
        opacity: {
          value: { min: 0.1, max: 1 },
          animation: { enable: true, speed: 0.8, sync: false },
        },
        size: { value: { min: 2, max: 5 } },
        move: { enable: true, speed: 0.8, random: true, direction: 'none', outModes: 'bounce' },
      },
    },
    { band: 'mid', emission: 0, size: 0.6, speed: 0.4, burst: 0 },
    '#07140d',
  ),
  preset(
    'confetti',
    'Confetti',
    'Coloured paper tumbling down, with a burst on every beat.',
    {
      particles: {
        number: { value: 250, limit: { mode: 'delete', value: 1500 } },
        paint: fill('#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'),
        shape: { type: ['square', 'circle', 'triangle'] },
        opacity: { value: 1 },
        size: { value: { min: 3, max: 7 } },
        rotate: { value: { min: 0, max: 360 }, animation: { enable: true, speed: 30 } },
        move: {
          enable: true,
          direction: 'bottom',
          speed: { min: 2, max: 5 },
          gravity: { enable: true, acceleration: 4, maxSpeed: 12 },
          outModes: { default: 'out', bottom: 'destroy' },
        },
      },
      emitters: {
        position: { x: 50, y: -2 },
        size: { width: 100, height: 0 },
        rate: { quantity: 6, delay: 0.1 },
      },
    },
    { band: 'bass', emission: 0.15, size: 0.1, speed: 0.2, burst: 0.4 },
    '#14111f',
  ),
  preset(
    'starfield',
    'Starfield',
    'Stars streaming out from the centre, faster as the music swells.',
    {
      particles: {
        number: { value: 900 },
        paint: fill('#ffffff', '#cfe3ff'),
        shape: { type: 'circle' },
        opacity: { value: { min: 0.4, max: 1 } },
        size: { value: { min: 0.5, max: 2.5 } },
        move: { enable: true, direction: 'outside', speed: { min: 1, max: 4 }, straight: true },
      },
    },
    { band: 'level', emission: 0, size: 0.2, speed: 0.8, burst: 0 },
    '#020308',
  ),
  preset(
    'linked-network',
    'Linked Network',
    'Points joined by lines into a drifting web that glows on the beat.',
    {
      particles: {
        number: { value: 140 },
        paint: fill('#7dd3fc'),
        shape: { type: 'circle' },
        opacity: { value: 0.8 },
        size: { value: { min: 1.5, max: 3.5 } },
        links: { enable: true, distance: 150, color: '#7dd3fc', opacity: 0.45, width: 1 },
        move: { enable: true, speed: 1, outModes: 'bounce' },
      },
    },
    { band: 'mid', emission: 0, size: 0.5, speed: 0.4, burst: 0 },
    '#0a0f1f',
  ),
  preset(
    'bubbles',
    'Bubbles',
    'Translucent bubbles rising slowly; the treble lifts them.',
    {
      particles: {
        number: { value: 90 },
        paint: {
          fill: { enable: true, color: { value: '#9be7ff' }, opacity: 0.12 },
          stroke: { width: 1.5, color: { value: '#d6f6ff' } },
        },
        shape: { type: 'circle' },
        opacity: { value: { min: 0.4, max: 0.9 } },
        size: { value: { min: 6, max: 26 } },
        move: { enable: true, direction: 'top', speed: { min: 0.6, max: 1.8 }, drift: 0.3 },
      },
    },
    { band: 'treble', emission: 0, size: 0.3, speed: 0.5, burst: 0 },
    '#06243a',
  ),
  preset(
    'embers',
    'Embers Rising',
    'Sparks rising from below and fading, fed by the bass.',
    {
      particles: {
        number: { value: 200, limit: { mode: 'delete', value: 1200 } },
        paint: fill('#ff6a00', '#ff9500', '#ffd000'),
        shape: { type: 'circle' },
        opacity: {
          value: { min: 0.2, max: 1 },
          animation: { enable: true, speed: 0.6, sync: false },
        },
        size: { value: { min: 1, max: 3.5 } },
        move: {
          enable: true,
          direction: 'top',
          speed: { min: 1, max: 3 },
          drift: { min: -0.6, max: 0.6 },
          outModes: { default: 'out', top: 'destroy' },
        },
      },
      emitters: {
        position: { x: 50, y: 102 },
        size: { width: 100, height: 0 },
        rate: { quantity: 2, delay: 0.1 },
      },
    },
    { band: 'bass', emission: 0.35, size: 0.3, speed: 0.3, burst: 0.1 },
    '#140704',
  ),
  preset(
    'beat-burst',
    'Beat Burst',
    'Quiet stars that explode outward in a ring of colour on every beat.',
    {
      particles: {
        number: { value: 80, limit: { mode: 'delete', value: 2500 } },
        paint: fill('#f72585', '#b5179e', '#7209b7', '#4cc9f0'),
        shape: { type: ['circle', 'star'] },
        opacity: { value: { min: 0.5, max: 1 } },
        size: { value: { min: 2, max: 6 } },
        move: { enable: true, speed: { min: 0.3, max: 1 }, outModes: 'out' },
      },
    },
    { band: 'bass', emission: 0.05, size: 0.4, speed: 0.3, burst: 0.8 },
    '#08040f',
  ),
];

export function findPreset(name: string): ParticlePreset | undefined {
  return PARTICLE_PRESETS.find((p) => p.name === name);
}

/** A fresh copy of a preset's design, safe to edit. */
export function presetDesign(name: string): ParticleDesign {
  const found = findPreset(name) ?? PARTICLE_PRESETS[0]!;
  return JSON.parse(JSON.stringify(found.design)) as ParticleDesign;
}
