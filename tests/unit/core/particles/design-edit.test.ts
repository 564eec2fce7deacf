// The editor's controls on a design: each reads what the options hold and writes only its part.
import { describe, expect, test } from 'vitest';
import { checkDesign, type ParticleDesign } from '../../../../core/particles/design';
import {
  particleColors,
  particleCount,
  particleDirection,
  particleEmitter,
  particleLinks,
  particleOpacity,
  particleShapes,
  particleSize,
  particleSpeed,
  setAudio,
  setBackground,
  setParticleColors,
  setParticleCount,
  setParticleDirection,
  setParticleEmitter,
  setParticleLinks,
  setParticleOpacity,
  setParticleShapes,
  setParticleSize,
  setParticleSpeed,
} from '../../../../core/particles/design-edit';
import { PARTICLE_PRESETS, presetDesign } from '../../../../core/particles/presets';

const valid = (design: ParticleDesign) => {
  const result = checkDesign(design);
  expect(result.ok ? null : result.reason).toBeNull();
};

describe('design controls', () => {
  test('every preset reads back sensible values', () => {
    for (const { design, name } of PARTICLE_PRESETS) {
      expect(particleCount(design), name).toBeGreaterThan(0);
      expect(
        particleColors(design).every((c) => /^#[0-9a-f]{6}$/i.test(c)),
        name,
      ).toBe(true);
      expect(particleSize(design).max, name).toBeGreaterThan(0);
      expect(particleShapes(design).length, name).toBeGreaterThan(0);
    }
    expect(particleLinks(presetDesign('linked-network'))).toMatchObject({
      enable: true,
      distance: 150,
    });
    expect(particleEmitter(presetDesign('embers'))).toEqual({
      enable: true,
      place: 'bottom',
      perSecond: 20,
    });
    expect(particleEmitter(presetDesign('snow')).enable).toBe(false);
  });

  test('each setter changes its value, keeps the others and the design stays valid', () => {
    const start = presetDesign('confetti');
    let design = setParticleCount(start, 2000);
    expect(particleCount(design)).toBe(2000);
    // The preset's limit (1500) is raised so the count fits.
    expect(
      (design.options as { particles: { number: { limit: { value: number } } } }).particles.number
        .limit.value,
    ).toBe(2000);
    design = setParticleColors(design, ['#112233', 'nope', '#aabbcc']);
    expect(particleColors(design)).toEqual(['#112233', '#aabbcc']);
    design = setParticleSize(design, { min: 2, max: 9 });
    expect(particleSize(design)).toEqual({ min: 2, max: 9 });
    design = setParticleSpeed(design, { min: 4, max: 4 });
    expect(particleSpeed(design)).toEqual({ min: 4, max: 4 });
    design = setParticleOpacity(design, { min: -1, max: 3 });
    expect(particleOpacity(design)).toEqual({ min: 0, max: 1 });
    design = setParticleDirection(design, 'top-left');
    expect(particleDirection(design)).toBe('top-left');
    design = setParticleShapes(design, ['star']);
    expect(particleShapes(design)).toEqual(['star']);
    design = setParticleLinks(design, {
      enable: true,
      distance: 90,
      color: '#ff0000',
      opacity: 0.3,
    });
    expect(particleLinks(design)).toEqual({
      enable: true,
      distance: 90,
      color: '#ff0000',
      opacity: 0.3,
    });
    design = setParticleEmitter(design, { enable: true, place: 'centre', perSecond: 50 });
    expect(particleEmitter(design)).toEqual({ enable: true, place: 'centre', perSecond: 50 });
    design = setBackground(design, { color: '#000000' });
    design = setAudio(design, { burst: 1 });
    valid(design);
    // What no control touches is kept: confetti's rotation and gravity.
    const particles = design.options.particles as Record<string, unknown>;
    expect(particles.rotate).toEqual((start.options.particles as Record<string, unknown>).rotate);
    expect((particles.move as Record<string, unknown>).gravity).toEqual({
      enable: true,
      acceleration: 4,
      maxSpeed: 12,
    });
    // The preset itself is untouched.
    expect(presetDesign('confetti')).toEqual(start);
  });

  test('limits: count within 0..10,000, an emitter switched off is gone', () => {
    expect(particleCount(setParticleCount(presetDesign('snow'), 1e9))).toBe(10_000);
    expect(particleCount(setParticleCount(presetDesign('snow'), -5))).toBe(0);
    const off = setParticleEmitter(presetDesign('embers'), {
      enable: false,
      place: 'bottom',
      perSecond: 20,
    });
    expect(off.options.emitters).toBeUndefined();
    expect(particleColors(setParticleColors(presetDesign('snow'), []))).toEqual(['#ffffff']);
  });
});
