import { describe, expect, it } from 'vitest';
import { localKitHook, localPeaks } from '../../../../src/features/release-kits/local-hook';
import { syntheticAnalysis } from '../../core/render/synthetic-analysis';

// 96 s at 60 fps, a beat every 0.5 s (120 BPM): quiet for 48 s, then loud.
const FPS = 60;
const SECONDS = 96;
const analysis = syntheticAnalysis({
  frames: Array.from({ length: SECONDS * FPS }, (_, i) =>
    i < 48 * FPS ? { band: 40, rms: 0.05 } : { band: 220, rms: 0.6 },
  ),
  beatFrames: Array.from({ length: SECONDS * 2 }, (_, i) => i * 30),
  onsets: Array.from({ length: SECONDS * 2 }, (_, i) => ({
    frame: i * 30,
    strength: i < 96 ? 0.1 : 1,
  })),
});

describe('the hook worked out on this device', () => {
  it('answers as the hook call does: bar lines, the proposed hook, its fade and peaks', () => {
    const answer = localKitHook(analysis, { seconds: 30 });
    expect(answer.duration_seconds).toBe(SECONDS);
    expect(answer.bpm).toBe(120);
    expect(answer.bar_lines.length).toBeGreaterThan(40);
    expect([...answer.bar_lines].sort((a, b) => a - b)).toEqual(answer.bar_lines);
    expect(answer.hook).toEqual(answer.proposed);
    // Whole bars of 2 s nearest 30 s, on bar lines, in the loud half.
    expect(answer.hook.bars).toBe(15);
    expect(answer.bar_lines).toContain(answer.hook.start_seconds);
    expect(answer.bar_lines).toContain(answer.hook.end_seconds);
    expect(answer.hook.start_seconds).toBeGreaterThanOrEqual(46);
    expect(answer.fade_seconds).toBeCloseTo(0.5, 5);
    expect(answer.peaks).toHaveLength(600);
  });

  it('starts from the bar line nearest a start it is given, the proposal unchanged', () => {
    const proposed = localKitHook(analysis, { seconds: 30 }).proposed;
    const moved = localKitHook(analysis, { startSeconds: 10.3, seconds: 30 });
    expect(moved.proposed).toEqual(proposed);
    expect(moved.hook.start_seconds).toBeCloseTo(10, 5);
    expect(moved.hook.bars).toBe(15);
  });

  it('keeps the length in 15-60 s', () => {
    expect(localKitHook(analysis, { seconds: 5 }).hook.bars).toBe(8);
    expect(localKitHook(analysis, { seconds: 90 }).hook.bars).toBe(30);
  });

  it('gives peaks from 0 to 1, louder where the track is', () => {
    const peaks = localPeaks(analysis, 8);
    expect(peaks).toHaveLength(8);
    expect(peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
    expect(peaks[7]!).toBeGreaterThan(peaks[0]!);
  });
});
