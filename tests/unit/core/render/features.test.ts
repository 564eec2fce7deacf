import { describe, expect, it } from 'vitest';
import { featuresAt, SMOOTHING } from '../../../../core/render/features';
import { syntheticAnalysis } from './synthetic-analysis';

const FPS = 60;

/** 1 s of silence, 1 s loud, 2 s of silence. */
function stepTrack(loudBand: number, loudRms: number) {
  const frames = [
    ...Array.from({ length: FPS }, () => ({ band: 0, rms: 0.0001 })),
    ...Array.from({ length: FPS }, () => ({ band: loudBand, rms: loudRms })),
    ...Array.from({ length: FPS * 2 }, () => ({ band: 0, rms: 0.0001 })),
  ];
  return syntheticAnalysis({
    frames,
    beatFrames: [FPS, FPS + 30],
    onsets: [
      { frame: FPS, strength: 1 },
      { frame: FPS + 45, strength: 0.5 },
    ],
  });
}

describe('featuresAt', () => {
  it('is silence without an analysis', () => {
    const f = featuresAt(null, 3);
    expect(f.level).toBe(0);
    expect(Array.from(f.bands).every((v) => v === 0)).toBe(true);
    expect(f.beatIndex).toBe(-1);
  });

  it('is a pure function of t: any order of calls gives the same features', () => {
    const analysis = stepTrack(230, 0.5);
    const t = 1.37;
    const alone = featuresAt(analysis, t);
    for (let i = 0; i < 100; i++) featuresAt(analysis, i * 0.04);
    const after = featuresAt(analysis, t);
    expect(after).toEqual(alone);
    expect(Array.from(after.bands)).toEqual(Array.from(alone.bands));
  });

  it('rises faster than it falls (attack faster than release)', () => {
    expect(SMOOTHING.attack).toBeGreaterThan(SMOOTHING.release);
    const analysis = stepTrack(230, 0.5);
    const peak = featuresAt(analysis, 1.99).level;
    expect(peak).toBeGreaterThan(0.95);
    let rise = 0;
    while (featuresAt(analysis, 1 + rise / FPS).level < 0.9 * peak) rise++;
    let fall = 0;
    while (featuresAt(analysis, 2 + fall / FPS).level > 0.1 * peak) fall++;
    expect(rise).toBeLessThan(5);
    expect(fall).toBeGreaterThan(rise * 3);
    // Bands follow the same envelope.
    expect(featuresAt(analysis, 1 + 3 / FPS).bands[0]!).toBeGreaterThan(0.8);
    expect(featuresAt(analysis, 2 + 3 / FPS).bands[0]!).toBeGreaterThan(0.4);
  });

  it('normalises per track: a quieter master of the same music moves the picture the same', () => {
    const loud = stepTrack(230, 0.5);
    // 12 dB quieter: bands 12/80 of the byte range lower, RMS a quarter.
    const quiet = stepTrack(230 - (12 / 80) * 255, 0.5 * Math.pow(10, -12 / 20));
    for (const t of [1.1, 1.5, 2.2]) {
      const a = featuresAt(loud, t);
      const b = featuresAt(quiet, t);
      expect(b.level).toBeCloseTo(a.level, 2);
      for (let i = 0; i < a.bands.length; i++) expect(b.bands[i]!).toBeCloseTo(a.bands[i]!, 1);
    }
  });

  it('pulses on beats and onsets and decays between them', () => {
    const analysis = stepTrack(230, 0.5);
    expect(featuresAt(analysis, 0.9).beat).toBe(0);
    expect(featuresAt(analysis, 0.9).beatIndex).toBe(-1);
    const onBeat = featuresAt(analysis, 1);
    expect(onBeat.beat).toBeCloseTo(1, 5);
    expect(onBeat.beatIndex).toBe(0);
    expect(onBeat.onset).toBeCloseTo(1, 5);
    const later = featuresAt(analysis, 1.2);
    expect(later.beat).toBeLessThan(0.6);
    expect(later.onset).toBeLessThan(onBeat.onset);
    expect(featuresAt(analysis, 1.5).beatIndex).toBe(1);
    // The second onset has half the strength.
    const second = featuresAt(analysis, 1.75);
    expect(second.onsetIndex).toBe(1);
    expect(second.onset).toBeCloseTo(0.5, 5);
    expect(second.sinceOnset).toBeCloseTo(0, 5);
  });

  it('reports progress, duration and the analysis frame', () => {
    const analysis = stepTrack(230, 0.5);
    const f = featuresAt(analysis, 2);
    expect(f.duration).toBeCloseTo(4, 5);
    expect(f.progress).toBeCloseTo(0.5, 5);
    expect(f.frame).toBe(120);
    expect(featuresAt(analysis, 99).frame).toBe(analysis.frameCount - 1);
  });
});
