import { describe, expect, it } from 'vitest';
import { trackBeats } from '../../../../core/audio-analysis/beat-tracker';
import { estimateTempo, refinePeriod } from '../../../../core/audio-analysis/tempo-estimator';
import { SAMPLE_RATE, analyse, clickPositions, clickTrack, sine, whiteNoise } from './signals';

const SAMPLES_PER_FRAME = SAMPLE_RATE / 60;

// Frames of the clicks at the given sample positions.
const framesOf = (positions: number[]): number[] =>
  positions.map((p) => Math.floor(p / SAMPLES_PER_FRAME));

// Distance from `frame` to the nearest of `targets`.
const nearest = (frame: number, targets: number[]): number =>
  Math.min(...targets.map((t) => Math.abs(t - frame)));

describe('onsets and tempo of click tracks', () => {
  it('finds an onset at each click of a 120 BPM click track, and 120 BPM', () => {
    const { summary } = analyse(clickTrack(120, 30));
    const clicks = framesOf(clickPositions(120, 30));
    expect(summary.onsets).toHaveLength(clicks.length);
    for (const click of clicks) {
      expect(
        nearest(
          click,
          summary.onsets.map((o) => o.frame),
        ),
      ).toBeLessThanOrEqual(1);
    }
    for (const onset of summary.onsets) {
      expect(onset.strength).toBeGreaterThan(0.5);
      expect(onset.strength).toBeLessThanOrEqual(1);
    }
    expect(Math.max(...summary.onsets.map((o) => o.strength))).toBe(1);
    expect(summary.bpm).not.toBeNull();
    expect(Math.abs(summary.bpm! - 120)).toBeLessThanOrEqual(2);
    // In fact the fit over the whole track is much closer than the ±2 asked for.
    expect(Math.abs(summary.bpm! - 120)).toBeLessThanOrEqual(0.1);
  });

  it('puts a beat on every click of a 120 BPM click track', () => {
    const { summary } = analyse(clickTrack(120, 30));
    const clicks = framesOf(clickPositions(120, 30));
    expect(summary.beatFrames.length).toBeGreaterThanOrEqual(clicks.length - 1);
    for (const beat of summary.beatFrames) expect(nearest(beat, clicks)).toBeLessThanOrEqual(1);
    for (let i = 1; i < summary.beatFrames.length; i++) {
      expect(summary.beatFrames[i]! - summary.beatFrames[i - 1]!).toBeGreaterThanOrEqual(29);
      expect(summary.beatFrames[i]! - summary.beatFrames[i - 1]!).toBeLessThanOrEqual(31);
    }
  });

  it.each([70, 90, 128, 140, 174])('measures a %i BPM click track within 2 BPM', (bpm) => {
    const { summary } = analyse(clickTrack(bpm, 30));
    expect(summary.bpm).not.toBeNull();
    expect(Math.abs(summary.bpm! - bpm)).toBeLessThanOrEqual(2);
  });

  it('does not tick beats through silence before and after the music', () => {
    const samples = new Float32Array(SAMPLE_RATE * 40);
    samples.set(clickTrack(120, 20), SAMPLE_RATE * 10);
    const { summary } = analyse(samples);
    expect(summary.bpm).toBeCloseTo(120, 0);
    expect(summary.beatFrames[0]).toBeGreaterThanOrEqual(10 * 60 - 2);
    expect(summary.beatFrames.at(-1)).toBeLessThanOrEqual(30 * 60 + 2);
  });

  it('follows a tempo that drifts from 120 to 126 BPM', () => {
    const positions: number[] = [];
    let at = 0;
    for (let beat = 0; at < SAMPLE_RATE * 40; beat++) {
      positions.push(Math.round(at));
      at += (60 / (120 + (6 * beat) / 80)) * SAMPLE_RATE;
    }
    const samples = new Float32Array(SAMPLE_RATE * 40);
    const click = clickTrack(60, 1);
    for (const p of positions) samples.set(click.subarray(0, Math.min(300, samples.length - p)), p);
    const { summary } = analyse(samples);
    expect(summary.bpm).toBeGreaterThan(120);
    expect(summary.bpm).toBeLessThan(126);
    const clicks = framesOf(positions);
    expect(summary.beatFrames.length).toBeGreaterThanOrEqual(clicks.length - 2);
    for (const beat of summary.beatFrames) expect(nearest(beat, clicks)).toBeLessThanOrEqual(1);
  });

  it('finds no tempo and (nearly) no onsets in white noise or a steady sine', () => {
    for (const samples of [whiteNoise(20, 0.3), sine(440, 20, 0.5)]) {
      const { summary } = analyse(samples);
      expect(summary.bpm).toBeNull();
      expect(summary.beatFrames).toEqual([]);
      // The start of the sound is an onset; the steady part has none.
      expect(summary.onsets.length).toBeLessThanOrEqual(2);
      expect(summary.onsets[0]?.frame).toBe(0);
    }
  });

  it('gives no tempo for tracks too short to show one', () => {
    expect(analyse(clickTrack(120, 2)).summary.bpm).toBeNull();
  });
});

describe('estimateTempo', () => {
  it('finds the period of a pulse train', () => {
    const envelope = new Float32Array(3600);
    for (let i = 0; i < envelope.length; i += 30) envelope[i] = 1;
    expect(estimateTempo(envelope, 60)?.periodFrames).toBeCloseTo(30, 2);
    const slow = new Float32Array(3600);
    for (let i = 0; i < slow.length; i += 45) slow[i] = 1;
    expect(estimateTempo(slow, 60)?.periodFrames).toBeCloseTo(45, 2);
  });

  it('picks the octave nearest 120 BPM when a pulse fits several', () => {
    // Pulses every 15 frames also correlate every 30: 240 BPM reads as 120 BPM.
    const fast = new Float32Array(3600);
    for (let i = 0; i < fast.length; i += 15) fast[i] = 1;
    expect(estimateTempo(fast, 60)?.periodFrames).toBeCloseTo(30, 2);
  });

  it('interpolates periods between whole frames', () => {
    const envelope = new Float32Array(6000);
    for (let k = 0; k * 28.125 < envelope.length; k++) envelope[Math.round(k * 28.125)] = 1;
    const estimate = estimateTempo(envelope, 60);
    expect(estimate!.periodFrames).toBeGreaterThan(27.6);
    expect(estimate!.periodFrames).toBeLessThan(28.6);
  });

  it('returns null for a flat envelope or one too short', () => {
    expect(estimateTempo(new Float32Array(3600), 60)).toBeNull();
    expect(estimateTempo(new Float32Array(100).fill(1), 60)).toBeNull();
  });
});

describe('trackBeats and refinePeriod', () => {
  it('places beats on the pulses and refines the period from their spacing', () => {
    const envelope = new Float32Array(6000);
    const pulses: number[] = [];
    for (let k = 0; k * 28.125 < envelope.length; k++) {
      pulses.push(Math.round(k * 28.125));
      envelope[Math.round(k * 28.125)] = 1;
    }
    const beats = trackBeats(envelope, 28);
    expect(beats).toEqual(pulses);
    expect(refinePeriod(beats, 28)).toBeCloseTo(28.125, 2);
  });

  it('keeps the estimate when there are too few beats or they disagree with it', () => {
    expect(refinePeriod([0, 30, 60], 30)).toBe(30);
    expect(refinePeriod([0, 60, 120, 180, 240, 300, 360, 420, 480], 30)).toBe(30);
  });

  it('returns no beats for an empty envelope', () => {
    expect(trackBeats(new Float32Array(1000), 30)).toEqual([]);
  });
});
