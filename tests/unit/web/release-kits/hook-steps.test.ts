import { describe, expect, it } from 'vitest';
import {
  canStep,
  hookLengthText,
  hookRangeText,
  nearestBarLine,
  sameHook,
  stepHook,
} from '../../../../src/features/release-kits/hook-steps';

// Bar lines every 2 s (120 BPM in 4/4) over 20 s.
const BARS = Array.from({ length: 11 }, (_, i) => i * 2);
const hook = (start: number, bars: number) => ({
  start_seconds: start,
  end_seconds: start + bars * 2,
  bars,
});

describe('moving the hook by whole bars', () => {
  it('finds the nearest bar line', () => {
    expect(nearestBarLine(BARS, 0)).toBe(0);
    expect(nearestBarLine(BARS, 4.9)).toBe(2);
    expect(nearestBarLine(BARS, 5.1)).toBe(3);
    expect(nearestBarLine(BARS, 99)).toBe(10);
    expect(nearestBarLine([], 3)).toBe(0);
  });

  it('moves a bar earlier or later, keeping its length in bars', () => {
    expect(stepHook(BARS, hook(4, 3), 1)).toEqual(hook(6, 3));
    expect(stepHook(BARS, hook(4, 3), -1)).toEqual(hook(2, 3));
    expect(stepHook(BARS, hook(4, 3), 2)).toEqual(hook(8, 3));
  });

  it('stops at the track’s start and end', () => {
    const first = hook(0, 3);
    expect(stepHook(BARS, first, -1)).toBe(first);
    expect(canStep(BARS, first, -1)).toBe(false);
    expect(canStep(BARS, first, 1)).toBe(true);
    // Bars 7-10 are the last three whole bars.
    const last = hook(14, 3);
    expect(stepHook(BARS, last, 1)).toBe(last);
    expect(canStep(BARS, last, 1)).toBe(false);
    expect(stepHook(BARS, hook(10, 3), 5)).toEqual(last);
  });

  it('starts from the bar line nearest a hook that sits between them', () => {
    const off = { start_seconds: 4.02, end_seconds: 10.02, bars: 3 };
    expect(stepHook(BARS, off, 1)).toEqual(hook(6, 3));
  });

  it('leaves a hook without whole bars where it is', () => {
    const none = { start_seconds: 0, end_seconds: 1.5, bars: 0 };
    expect(stepHook(BARS, none, 1)).toBe(none);
    expect(stepHook([0, 2], hook(0, 3), 1)).toEqual(hook(0, 3));
  });

  it('tells the same hook within a millisecond', () => {
    expect(sameHook(hook(4, 3), { start_seconds: 4.0004, end_seconds: 9.9996, bars: 3 })).toBe(
      true,
    );
    expect(sameHook(hook(4, 3), hook(6, 3))).toBe(false);
  });
});

describe('saying where the hook is', () => {
  it('writes its range and bars', () => {
    expect(hookRangeText(hook(64, 15))).toBe('1:04–1:34 · 15 bars');
    expect(hookRangeText({ start_seconds: 0, end_seconds: 2, bars: 1 })).toBe('0:00–0:02 · 1 bar');
    expect(hookRangeText({ start_seconds: 59.99, end_seconds: 90.4, bars: 16 })).toBe(
      '0:59–1:30 · 16 bars',
    );
  });

  it('writes its length in seconds', () => {
    expect(hookLengthText(hook(4, 15))).toBe('30 s');
    expect(hookLengthText({ start_seconds: 1, end_seconds: 29.24, bars: 16 })).toBe('28.2 s');
  });
});
