import { describe, expect, test } from 'vitest';
import type { Analysis } from '../../../../core/audio-analysis/analysis-format';
import {
  CANVAS_MAX_SECONDS,
  CANVAS_MIN_SECONDS,
  loopAnchor,
  loopTime,
  planLoop,
  sectionBpm,
  type LoopSettings,
} from '../../../../core/render/canvas-loop';

/** An analysis whose only content is beats at `bpm` (and one level), as the analyzer stores them. */
function beatsAt(bpm: number, seconds = 60, fps = 60): Analysis {
  const beatFrames: number[] = [];
  for (let t = 0.25; t < seconds; t += 60 / bpm) beatFrames.push(Math.round(t * fps));
  const frameCount = seconds * fps;
  return {
    summary: {
      sampleRate: 48000,
      fps,
      bandCount: 1,
      bandEdgesHz: [20, 20000],
      frameCount,
      durationSeconds: seconds,
      maxRms: 0.5,
      meanRms: 0.25,
      loudnessDb: -12,
      onsets: [],
      bpm,
      beatFrames,
    },
    frameCount,
    bytes: new Uint8Array(0),
    frame: () => ({ rms: 0.25, peakMin: 0, peakMax: 0, bands: new Uint8Array(1) }),
    bandsAt: () => new Uint8Array(1),
    rmsAt: () => 0.25,
    peakMinAt: () => 0,
    peakMaxAt: () => 0,
  } as Analysis;
}

describe('planLoop: a Canvas lasts whole beats of its section, within 3-8 s', () => {
  test.each([
    [120, 6, 12], // 0.5 s beats: three bars of 4 make the 6 s asked for
    [128, 6, 12], // 5.625 s is the nearest whole bars
    [90, 6, 8], // two bars, 5.33 s
    [60, 6, 4], // one bar, 4 s (two would be 8 s, as near but longer)
    [174, 5, 16],
  ])('%d bpm, %d s asked: %d beats', (bpm, seconds, beats) => {
    const loop = planLoop({ analysis: beatsAt(bpm), seconds, fps: 30 });
    expect(loop.beats).toBe(beats);
    expect(loop.bpm).toBeCloseTo(bpm, 0);
    // Whole beats within half a frame.
    expect(Math.abs(loop.frames / 30 - (beats * 60) / bpm)).toBeLessThanOrEqual(0.5 / 30 + 1e-9);
  });

  test('a slow tempo whose bars do not fit takes pairs or single beats', () => {
    // 25 bpm: 2.4 s beats, so a bar (9.6 s) is too long; two beats (4.8 s) fit.
    expect(planLoop({ analysis: beatsAt(25, 120), seconds: 6, fps: 30 }).beats).toBe(2);
  });

  test('every plan stays within Spotify limits', () => {
    for (let bpm = 30; bpm <= 240; bpm += 7) {
      for (const seconds of [3, 4.5, 6, 8]) {
        const loop = planLoop({ analysis: beatsAt(bpm, 120), seconds, fps: 24 });
        const length = loop.frames / 24;
        expect(length).toBeGreaterThanOrEqual(CANVAS_MIN_SECONDS - 0.5 / 24);
        expect(length).toBeLessThanOrEqual(CANVAS_MAX_SECONDS + 0.5 / 24);
      }
    }
  });

  test('without a track the loop is the length asked, clamped to 3-8 s, and nothing pulses', () => {
    expect(planLoop({ analysis: null, seconds: 5, fps: 30 })).toMatchObject({
      frames: 150,
      beats: 0,
    });
    expect(planLoop({ analysis: null, seconds: 20, fps: 30 }).frames).toBe(240);
    expect(planLoop({ analysis: null, seconds: 1, fps: 25 }).frames).toBe(75);
    expect(planLoop({ analysis: null, fps: 30 }).frames).toBe(180);
  });

  test('the tempo is read from the section: a track that speeds up', () => {
    const slow = beatsAt(100, 40);
    const fast = beatsAt(150, 40);
    const beatFrames = [
      ...slow.summary.beatFrames.filter((f) => f < 20 * 60),
      ...fast.summary.beatFrames.filter((f) => f >= 20 * 60),
    ];
    const track = { ...slow, summary: { ...slow.summary, beatFrames, bpm: 100 } } as Analysis;
    expect(sectionBpm(track, 2)).toBeCloseTo(100, 0);
    expect(sectionBpm(track, 25)).toBeCloseTo(150, 0);
  });
});

describe('loopTime: where a frame sits in the loop', () => {
  const loop: LoopSettings = { frames: 150, beats: 10, sectionStart: 0, energy: 0.8, bpm: 120 };

  test('periodic: one loop later is the same moment', () => {
    for (const t of [0, 0.7, 2.4, 4.96]) {
      const a = loopTime(loop, 30, t);
      const b = loopTime(loop, 30, t + 5);
      expect(b.phase).toBeCloseTo(a.phase, 9);
      expect(b.pulse).toBeCloseTo(a.pulse, 9);
      expect(b.beat).toBe(a.beat);
    }
  });

  test('the pulse peaks on each beat, is zero halfway, and never jumps between frames', () => {
    // 10 beats in 5 s: beats at 0.25 s, 0.75 s, ...; the loop starts and ends between two.
    expect(loopTime(loop, 30, 0).pulse).toBeCloseTo(0, 9);
    expect(loopTime(loop, 30, 0.25).pulse).toBeCloseTo(1, 9);
    expect(loopTime(loop, 30, 0.75).pulse).toBeCloseTo(1, 9);
    expect(loopTime(loop, 30, 0.5).pulse).toBeCloseTo(0, 9);
    expect(loopTime(loop, 30, 0.25).beat).toBe(0);
    expect(loopTime(loop, 30, 4.75).beat).toBe(9);
    let biggest = 0;
    for (let i = 0; i <= 150; i++) {
      const step = Math.abs(
        loopTime(loop, 30, (i + 1) / 30).pulse - loopTime(loop, 30, i / 30).pulse,
      );
      biggest = Math.max(biggest, step);
    }
    // 15 frames a beat: the steepest step of the smooth pulse is well under half its range.
    expect(biggest).toBeLessThan(0.35);
  });

  test('no beats: phase only', () => {
    const still = loopTime({ ...loop, beats: 0 }, 30, 1);
    expect(still).toMatchObject({ beats: 0, pulse: 0 });
    expect(still.phase).toBeCloseTo(0.2, 9);
  });
});

describe('loopAnchor: where the loop starts in the track, for a preview in time with it', () => {
  test("half a beat before the section's first beat, so the loop's beats land on the track's", () => {
    // 120 bpm, beats at 0.25, 0.75, ... s; a section from 10.1 s has its first beat at 10.25.
    const analysis = beatsAt(120);
    const loop = planLoop({ analysis, sectionStart: 10.1, seconds: 6, fps: 30 });
    const anchor = loopAnchor(analysis, loop);
    expect(anchor).toBeCloseTo(10.0, 6);
    // The loop's first beat (pulse 1) falls on the track's beat at 10.25 s.
    const atBeat = loopTime(loop, 30, 10.25 - anchor);
    expect(atBeat.pulse).toBeCloseTo(1, 6);
    expect(atBeat.beat).toBe(0);
  });

  test('without a tempo, the section start', () => {
    const loop = planLoop({ analysis: null, sectionStart: 0, seconds: 5, fps: 30 });
    expect(loopAnchor(null, { ...loop, sectionStart: 7 })).toBe(7);
  });
});
