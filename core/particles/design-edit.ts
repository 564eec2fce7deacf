// What the particle editor's controls read and change in a design: each control is a getter and
// a setter on the tsParticles options (v4), returning a new design and leaving the rest of the
// options as they were (an imported file keeps every option the editor has no control for).

import {
  MAX_PARTICLES,
  PARTICLE_SHAPES,
  type AudioMapping,
  type ParticleBackground,
  type ParticleDesign,
} from './design';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const child = (node: Json, key: string): Json => (isRecord(node[key]) ? node[key] : {});

/** A copy of the design with the object at `path` of its options replaced by `change(old)`. */
function withOptionsAt(
  design: ParticleDesign,
  path: readonly string[],
  change: (node: Json) => Json,
): ParticleDesign {
  const update = (node: Json, depth: number): Json => {
    if (depth === path.length) return change(node);
    const key = path[depth]!;
    return { ...node, [key]: update(child(node, key), depth + 1) };
  };
  return { ...design, options: update(design.options, 0) };
}

const optionsAt = (design: ParticleDesign, ...path: string[]): Json =>
  path.reduce<Json>((node, key) => child(node, key), design.options);

/** A number range as the editor shows it: RangeValue 5 is {min: 5, max: 5}. */
export interface Range {
  min: number;
  max: number;
}

function rangeOf(value: unknown, fallback: Range): Range {
  if (typeof value === 'number') return { min: value, max: value };
  if (isRecord(value) && typeof value.min === 'number' && typeof value.max === 'number') {
    return { min: value.min, max: value.max };
  }
  return fallback;
}

const rangeValue = (range: Range): number | Range =>
  range.min === range.max ? range.min : { min: Math.min(range.min, range.max), max: range.max };

// Count ----------------------------------------------------------------------------------------

export function particleCount(design: ParticleDesign): number {
  const value = optionsAt(design, 'particles', 'number').value;
  return typeof value === 'number' ? value : 0;
}

/** The particles at the start; the limit (emissions and bursts on top) is raised to fit it. */
export function setParticleCount(design: ParticleDesign, count: number): ParticleDesign {
  const value = Math.round(Math.min(MAX_PARTICLES, Math.max(0, count)));
  return withOptionsAt(design, ['particles', 'number'], (number) => {
    const limit = child(number, 'limit');
    const cap = typeof limit.value === 'number' ? limit.value : 0;
    return {
      ...number,
      value,
      ...(cap > 0 && cap < value
        ? { limit: { ...limit, value: Math.min(MAX_PARTICLES, value) } }
        : {}),
    };
  });
}

// Colours --------------------------------------------------------------------------------------

/** The fill colours ('#rrggbb'), one or more. */
export function particleColors(design: ParticleDesign): string[] {
  const value = child(child(optionsAt(design, 'particles', 'paint'), 'fill'), 'color').value;
  const list = Array.isArray(value) ? value : [value];
  const colors = list.filter((c): c is string => typeof c === 'string');
  return colors.length > 0 ? colors : ['#ffffff'];
}

export function setParticleColors(design: ParticleDesign, colors: string[]): ParticleDesign {
  const kept = colors.filter((c) => /^#[0-9a-f]{6}$/i.test(c)).slice(0, 8);
  const value = kept.length === 1 ? kept[0] : kept.length > 0 ? kept : '#ffffff';
  return withOptionsAt(design, ['particles', 'paint', 'fill'], (fill) => ({
    ...fill,
    enable: true,
    color: { ...child(fill, 'color'), value },
  }));
}

// Size, speed, opacity -------------------------------------------------------------------------

export const particleSize = (design: ParticleDesign): Range =>
  rangeOf(optionsAt(design, 'particles', 'size').value, { min: 3, max: 3 });

export const setParticleSize = (design: ParticleDesign, size: Range): ParticleDesign =>
  withOptionsAt(design, ['particles', 'size'], (node) => ({ ...node, value: rangeValue(size) }));

export const particleSpeed = (design: ParticleDesign): Range =>
  rangeOf(optionsAt(design, 'particles', 'move').speed, { min: 2, max: 2 });

export const setParticleSpeed = (design: ParticleDesign, speed: Range): ParticleDesign =>
  withOptionsAt(design, ['particles', 'move'], (move) => ({
    ...move,
    enable: true,
    speed: rangeValue(speed),
  }));

export const particleOpacity = (design: ParticleDesign): Range =>
  rangeOf(optionsAt(design, 'particles', 'opacity').value, { min: 1, max: 1 });

export const setParticleOpacity = (design: ParticleDesign, opacity: Range): ParticleDesign =>
  withOptionsAt(design, ['particles', 'opacity'], (node) => ({
    ...node,
    value: rangeValue({ min: clamp01(opacity.min), max: clamp01(opacity.max) }),
  }));

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

// Direction ------------------------------------------------------------------------------------

/** Where the particles head (tsParticles' MoveDirection names). */
export const DIRECTIONS = [
  { value: 'none', label: 'Every way' },
  { value: 'top', label: 'Up' },
  { value: 'bottom', label: 'Down' },
  { value: 'left', label: 'Left' },
  { value: 'right', label: 'Right' },
  { value: 'top-right', label: 'Up and right' },
  { value: 'top-left', label: 'Up and left' },
  { value: 'bottom-right', label: 'Down and right' },
  { value: 'bottom-left', label: 'Down and left' },
  { value: 'outside', label: 'Out from the centre' },
  { value: 'inside', label: 'In to the centre' },
] as const;
export type Direction = (typeof DIRECTIONS)[number]['value'];

export function particleDirection(design: ParticleDesign): Direction {
  const value = optionsAt(design, 'particles', 'move').direction;
  return DIRECTIONS.some((d) => d.value === value) ? (value as Direction) : 'none';
}

export const setParticleDirection = (design: ParticleDesign, direction: Direction) =>
  withOptionsAt(design, ['particles', 'move'], (move) => ({ ...move, enable: true, direction }));

// Shape ----------------------------------------------------------------------------------------

export type Shape = (typeof PARTICLE_SHAPES)[number];

export function particleShapes(design: ParticleDesign): Shape[] {
  const type = optionsAt(design, 'particles', 'shape').type;
  const list = (Array.isArray(type) ? type : [type ?? 'circle']).map(String);
  const known = list.filter((s): s is Shape => (PARTICLE_SHAPES as readonly string[]).includes(s));
  return known.length > 0 ? known : ['circle'];
}

export function setParticleShapes(design: ParticleDesign, shapes: Shape[]): ParticleDesign {
  const type = shapes.length === 0 ? 'circle' : shapes.length === 1 ? shapes[0] : shapes;
  return withOptionsAt(design, ['particles', 'shape'], (shape) => ({ ...shape, type }));
}

// Links ----------------------------------------------------------------------------------------

export interface Links {
  enable: boolean;
  /** Longest line, in pixels of the 1080p frame. */
  distance: number;
  color: string;
  opacity: number;
}

export function particleLinks(design: ParticleDesign): Links {
  const links = optionsAt(design, 'particles', 'links');
  return {
    enable: links.enable === true,
    distance: typeof links.distance === 'number' ? links.distance : 150,
    color: typeof links.color === 'string' ? links.color : particleColors(design)[0]!,
    opacity: typeof links.opacity === 'number' ? links.opacity : 0.4,
  };
}

export const setParticleLinks = (design: ParticleDesign, links: Links): ParticleDesign =>
  withOptionsAt(design, ['particles', 'links'], (node) => ({ ...node, width: 1, ...links }));

// Emitter --------------------------------------------------------------------------------------

/** Where an emitter sits: an edge (a line along it) or the centre (a point). */
export const EMITTER_PLACES = [
  {
    value: 'top',
    label: 'Along the top',
    position: { x: 50, y: -2 },
    size: { width: 100, height: 0 },
  },
  {
    value: 'bottom',
    label: 'Along the bottom',
    position: { x: 50, y: 102 },
    size: { width: 100, height: 0 },
  },
  {
    value: 'left',
    label: 'Along the left',
    position: { x: -2, y: 50 },
    size: { width: 0, height: 100 },
  },
  {
    value: 'right',
    label: 'Along the right',
    position: { x: 102, y: 50 },
    size: { width: 0, height: 100 },
  },
  {
    value: 'centre',
    label: 'From the centre',
    position: { x: 50, y: 50 },
    size: { width: 0, height: 0 },
  },
] as const;
export type EmitterPlace = (typeof EMITTER_PLACES)[number]['value'];

export interface Emitter {
  enable: boolean;
  place: EmitterPlace;
  /** Particles per second. */
  perSecond: number;
}

const firstEmitter = (design: ParticleDesign): Json | null => {
  const emitters = design.options.emitters;
  const first = Array.isArray(emitters) ? emitters[0] : emitters;
  return isRecord(first) ? first : null;
};

export function particleEmitter(design: ParticleDesign): Emitter {
  const emitter = firstEmitter(design);
  if (!emitter) return { enable: false, place: 'bottom', perSecond: 20 };
  const position = child(emitter, 'position');
  const place =
    EMITTER_PLACES.find((p) => p.position.x === position.x && p.position.y === position.y)?.value ??
    'centre';
  const rate = child(emitter, 'rate');
  const quantity = rangeOf(rate.quantity, { min: 1, max: 1 }).max;
  const delay = typeof rate.delay === 'number' && rate.delay > 0 ? rate.delay : 0.1;
  return { enable: true, place, perSecond: Math.round(quantity / delay) };
}

/** One emitter (the editor's), sending perSecond particles in ten batches a second. */
export function setParticleEmitter(design: ParticleDesign, emitter: Emitter): ParticleDesign {
  const options = { ...design.options };
  if (!emitter.enable) {
    delete options.emitters;
    return { ...design, options };
  }
  const place = EMITTER_PLACES.find((p) => p.value === emitter.place) ?? EMITTER_PLACES[0];
  const quantity = Math.max(1, Math.round(Math.min(emitter.perSecond, 1000) / 10));
  options.emitters = {
    ...(firstEmitter(design) ?? {}),
    position: { ...place.position },
    size: { ...place.size },
    rate: { quantity, delay: 0.1 },
  };
  return { ...design, options };
}

// Background, audio, name ----------------------------------------------------------------------

export const setBackground = (
  design: ParticleDesign,
  change: Partial<ParticleBackground>,
): ParticleDesign => ({ ...design, background: { ...design.background, ...change } });

export const setAudio = (
  design: ParticleDesign,
  change: Partial<AudioMapping>,
): ParticleDesign => ({
  ...design,
  audio: { ...design.audio, ...change },
});

export const setDesignName = (design: ParticleDesign, name: string): ParticleDesign => ({
  ...design,
  name: name.slice(0, 80),
});
