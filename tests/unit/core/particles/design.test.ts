// The particle design file: what the editor exports, imports and sends to a render.
import { describe, expect, test } from 'vitest';
import {
  checkDesign,
  DEFAULT_AUDIO,
  DESIGN_MESSAGES,
  designFileText,
  designShapes,
  MAX_DESIGN_BYTES,
  MAX_PARTICLES,
  parseDesign,
} from '../../../../core/particles/design';
import { audioDrive, engineOptions } from '../../../../core/particles/particle-stage';
import { findPreset, PARTICLE_PRESETS, presetDesign } from '../../../../core/particles/presets';

const reasonOf = (value: unknown) => {
  const result = checkDesign(value);
  return result.ok ? null : result.reason;
};

describe('particle presets', () => {
  test('at least 8, with distinct names, each a valid design that survives its own file', () => {
    expect(PARTICLE_PRESETS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(PARTICLE_PRESETS.map((p) => p.name)).size).toBe(PARTICLE_PRESETS.length);
    for (const preset of PARTICLE_PRESETS) {
      expect(reasonOf(preset.design), preset.name).toBeNull();
      const again = parseDesign(designFileText(preset.design));
      expect(again.ok && again.design, preset.name).toEqual(preset.design);
    }
  });

  test('presetDesign hands out a copy: editing it leaves the preset alone', () => {
    const design = presetDesign('snow');
    (design.options as { particles: { number: { value: number } } }).particles.number.value = 1;
    design.audio.burst = 1;
    expect(presetDesign('snow')).toEqual(findPreset('snow')!.design);
    expect(findPreset('no-such-preset')).toBeUndefined();
  });
});

describe('parseDesign and checkDesign', () => {
  test('a plain tsParticles options object gets the default audio mapping and background', () => {
    const result = parseDesign(JSON.stringify({ particles: { number: { value: 50 } } }), 'Mine');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.design.name).toBe('Mine');
    expect(result.design.audio).toEqual(DEFAULT_AUDIO);
    expect(result.design.options).toEqual({ particles: { number: { value: 50 } } });
  });

  test('our own file keeps its name, audio and background', () => {
    const design = { ...presetDesign('embers'), name: 'Campfire' };
    design.audio = { ...design.audio, band: 'treble', burst: 0.9 };
    const result = parseDesign(designFileText(design));
    expect(result.ok && result.design.name).toBe('Campfire');
    expect(result.ok && result.design.audio.band).toBe('treble');
  });

  test('files that are not designs are refused with a reason', () => {
    expect(parseDesign('{"particles": ')).toEqual({ ok: false, reason: DESIGN_MESSAGES.notJson });
    expect(parseDesign('[1, 2]')).toEqual({ ok: false, reason: DESIGN_MESSAGES.notObject });
    expect(parseDesign('"snow"')).toEqual({ ok: false, reason: DESIGN_MESSAGES.notObject });
    expect(parseDesign(' '.repeat(MAX_DESIGN_BYTES + 1))).toEqual({
      ok: false,
      reason: DESIGN_MESSAGES.tooLarge,
    });
    expect(reasonOf({ format: 'waveframe-particles', options: 5 })).toBe(DESIGN_MESSAGES.notObject);
  });

  test('each rule names what is wrong', () => {
    expect(reasonOf({ particles: { shape: { type: ['circle', 'heart'] } } })).toBe(
      'Unknown particle shape "heart" (circle, square, star, polygon, triangle).',
    );
    expect(reasonOf({ particles: { number: { value: 10_000_000 } } })).toBe(
      'A design holds at most 10,000 particles.',
    );
    expect(reasonOf({ particles: { number: { value: 10, limit: { value: 20_000 } } } })).toBe(
      'A design holds at most 10,000 particles.',
    );
    expect(reasonOf({ emitters: [{ rate: { quantity: { min: 1, max: 1e9 } } }] })).toBe(
      'An emitter sends at most 10,000 particles at once.',
    );
    expect(reasonOf({ particles: { size: { value: { min: 1, max: 1e6 } } } })).toBe(
      'Particle sizes run from 0 to 500.',
    );
    const design = presetDesign('snow');
    expect(reasonOf({ ...design, audio: { ...design.audio, band: 'sub' } })).toBe(
      'The audio band must be one of bass, mid, treble, level.',
    );
    expect(reasonOf({ ...design, audio: { ...design.audio, burst: 2 } })).toBe(
      'Audio burst must be a number between 0 and 1.',
    );
    expect(reasonOf({ ...design, background: { color: 'red', imageOpacity: 0.5 } })).toBe(
      'The background colour must be #rrggbb.',
    );
    expect(reasonOf({ ...design, background: { color: '#000000', imageOpacity: -1 } })).toBe(
      'The background picture opacity must be between 0 and 1.',
    );
  });

  test('shapes: none named is a circle, one or a list', () => {
    expect(designShapes({})).toEqual(['circle']);
    expect(designShapes({ particles: { shape: { type: 'star' } } })).toEqual(['star']);
    expect(designShapes({ particles: { shape: { type: ['star', 'square'] } } })).toEqual([
      'star',
      'square',
    ]);
  });
});

describe('the stage options', () => {
  test('what ties the engine to a page is off and the particle limit is set', () => {
    const options = engineOptions(presetDesign('snow').options);
    expect(options).toMatchObject({
      fullScreen: { enable: false },
      detectRetina: false,
      resize: { enable: false },
      pauseOnBlur: false,
      fpsLimit: 1000,
    });
    const number = (options.particles as { number: { value: number; limit: { value: number } } })
      .number;
    expect(number.limit.value).toBeGreaterThan(number.value);
    expect(number.limit.value).toBeLessThanOrEqual(MAX_PARTICLES);
    // A design's own limit is kept, but never above MAX_PARTICLES.
    const capped = engineOptions({ particles: { number: { value: 9_900 } } });
    expect((capped.particles as { number: { limit: { value: number } } }).number.limit.value).toBe(
      MAX_PARTICLES,
    );
  });

  test('the music drives size, speed, emission and bursts in proportion to the energy', () => {
    const audio = { band: 'bass' as const, emission: 0.5, size: 0.5, speed: 1, burst: 0.5 };
    expect(audioDrive(audio, 0, 30)).toEqual({
      sizeFactor: 1,
      speedFactor: 1,
      emitPerStep: 0,
      burst: 150,
    });
    const loud = audioDrive(audio, 1, 30);
    expect(loud.sizeFactor).toBe(2);
    expect(loud.speedFactor).toBe(4);
    expect(loud.emitPerStep).toBeCloseTo(200 / 30);
    expect(audioDrive({ ...audio, emission: 0, size: 0, speed: 0 }, 1, 30)).toMatchObject({
      sizeFactor: 1,
      speedFactor: 1,
      emitPerStep: 0,
    });
  });
});
