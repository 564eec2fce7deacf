// A particle design: what the particle-system editor exports and a particle render draws. It is
// tsParticles' own options object (v4) plus how the music moves it and what is behind it. The
// editor, `npm run render -- particles --options` and init-particle-system-render all read it
// through parseDesign, so one file gives the same picture everywhere.

/** The tsParticles options object, as the engine takes it (checked by checkDesign). */
export type ParticleOptions = Record<string, unknown>;

/** How the track moves the particles; every amount is 0..1 (0: the music changes nothing). */
export interface AudioMapping {
  /** Which part of the music drives emission, size and speed. */
  band: AudioBand;
  /** Particles added per second at full energy: emission × MAX_EMISSION_PER_SECOND. */
  emission: number;
  /** Radius grows by up to this fraction (× 2) at full energy. */
  size: number;
  /** Motion runs up to 1 + 3 × speed times faster at full energy. */
  speed: number;
  /** Particles sent out from the centre on every beat: burst × MAX_BURST. */
  burst: number;
}

export const AUDIO_BANDS = ['bass', 'mid', 'treble', 'level'] as const;
export type AudioBand = (typeof AUDIO_BANDS)[number];

export interface ParticleBackground {
  /** '#rrggbb' under everything. */
  color: string;
  /** How strongly a background picture (the render's background image) shows, 0..1. */
  imageOpacity: number;
}

export interface ParticleDesign {
  format: typeof DESIGN_FORMAT;
  version: 1;
  name: string;
  options: ParticleOptions;
  audio: AudioMapping;
  background: ParticleBackground;
}

export const DESIGN_FORMAT = 'waveframe-particles';
/** Particles alive at once, at most: the count, emissions and bursts together. */
export const MAX_PARTICLES = 10_000;
export const MAX_EMISSION_PER_SECOND = 400;
export const MAX_BURST = 300;
/** A design file larger than this is not a design. */
export const MAX_DESIGN_BYTES = 256 * 1024;
/** Shapes the engine is loaded with (engine-plugins.ts); a design naming another is refused. */
export const PARTICLE_SHAPES = ['circle', 'square', 'star', 'polygon', 'triangle'] as const;

export const DEFAULT_AUDIO: AudioMapping = Object.freeze({
  band: 'bass',
  emission: 0,
  size: 0.3,
  speed: 0.3,
  burst: 0.2,
});

export const DEFAULT_BACKGROUND: ParticleBackground = Object.freeze({
  color: '#05060a',
  imageOpacity: 0.6,
});

export const DESIGN_MESSAGES = {
  notJson: 'This file is not a particle design: it is not JSON.',
  notObject: 'This file is not a particle design: it holds no options object.',
  tooLarge: 'This file is not a particle design: it is larger than 256 KB.',
} as const;

type Check<T> = { ok: true; design: T } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const at = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), value);

/** The numbers a RangeValue holds: 5, or {min: 1, max: 5}. */
function rangeNumbers(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (isRecord(value)) return [value.min, value.max].filter((v) => typeof v === 'number');
  return [];
}

/** Shape names of the options (shape.type is one name or a list). */
export function designShapes(options: ParticleOptions): string[] {
  const type = at(options, 'particles', 'shape', 'type');
  if (type === undefined) return ['circle'];
  return (Array.isArray(type) ? type : [type]).map(String);
}

/** Reads a design from a file's text: ours, or a plain tsParticles options object. */
export function parseDesign(text: string, name = 'My particles'): Check<ParticleDesign> {
  if (text.length > MAX_DESIGN_BYTES) return { ok: false, reason: DESIGN_MESSAGES.tooLarge };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: DESIGN_MESSAGES.notJson };
  }
  return checkDesign(value, name);
}

/**
 * Checks a design from outside (a file, a request): ours is taken as it is; a plain tsParticles
 * options object gets the default audio mapping and background. The reason names what is wrong.
 */
export function checkDesign(value: unknown, name = 'My particles'): Check<ParticleDesign> {
  if (!isRecord(value)) return { ok: false, reason: DESIGN_MESSAGES.notObject };
  const ours = value.format === DESIGN_FORMAT;
  const options = ours ? value.options : value;
  if (!isRecord(options)) return { ok: false, reason: DESIGN_MESSAGES.notObject };
  const design: ParticleDesign = {
    format: DESIGN_FORMAT,
    version: 1,
    name: ours && typeof value.name === 'string' ? value.name.slice(0, 80) : name,
    options,
    audio: { ...DEFAULT_AUDIO, ...(ours && isRecord(value.audio) ? value.audio : {}) },
    background: {
      ...DEFAULT_BACKGROUND,
      ...(ours && isRecord(value.background) ? value.background : {}),
    },
  };
  const reason = optionsProblem(options) ?? audioProblem(design.audio);
  if (reason) return { ok: false, reason };
  if (!/^#[0-9a-f]{6}$/i.test(design.background.color)) {
    return { ok: false, reason: 'The background colour must be #rrggbb.' };
  }
  if (!(design.background.imageOpacity >= 0 && design.background.imageOpacity <= 1)) {
    return { ok: false, reason: 'The background picture opacity must be between 0 and 1.' };
  }
  return { ok: true, design };
}

function optionsProblem(options: ParticleOptions): string | null {
  const unknown = designShapes(options).find(
    (shape) => !(PARTICLE_SHAPES as readonly string[]).includes(shape),
  );
  if (unknown !== undefined) {
    return `Unknown particle shape "${unknown}" (${PARTICLE_SHAPES.join(', ')}).`;
  }
  const counts = [
    ...rangeNumbers(at(options, 'particles', 'number', 'value')),
    ...rangeNumbers(at(options, 'particles', 'number', 'limit', 'value')),
  ];
  if (counts.some((n) => !Number.isFinite(n) || n < 0 || n > MAX_PARTICLES)) {
    return `A design holds at most ${MAX_PARTICLES.toLocaleString('en')} particles.`;
  }
  const emitters = at(options, 'emitters');
  for (const emitter of Array.isArray(emitters) ? emitters : emitters ? [emitters] : []) {
    const quantity = rangeNumbers(at(emitter, 'rate', 'quantity'));
    if (quantity.some((n) => !Number.isFinite(n) || n < 0 || n > MAX_PARTICLES)) {
      return `An emitter sends at most ${MAX_PARTICLES.toLocaleString('en')} particles at once.`;
    }
  }
  const sizes = rangeNumbers(at(options, 'particles', 'size', 'value'));
  if (sizes.some((n) => !Number.isFinite(n) || n < 0 || n > 500)) {
    return 'Particle sizes run from 0 to 500.';
  }
  return null;
}

function audioProblem(audio: AudioMapping): string | null {
  if (!(AUDIO_BANDS as readonly string[]).includes(audio.band)) {
    return `The audio band must be one of ${AUDIO_BANDS.join(', ')}.`;
  }
  for (const key of ['emission', 'size', 'speed', 'burst'] as const) {
    if (typeof audio[key] !== 'number' || !(audio[key] >= 0 && audio[key] <= 1)) {
      return `Audio ${key} must be a number between 0 and 1.`;
    }
  }
  return null;
}

/** The design as the file the editor exports (pretty, stable key order of ours). */
export function designFileText(design: ParticleDesign): string {
  return `${JSON.stringify(design, null, 2)}\n`;
}
