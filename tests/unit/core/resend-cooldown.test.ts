import { describe, expect, test } from 'vitest';
import {
  COUNTDOWN_TICK_MS,
  msUntilNextTick,
  RESEND_COOLDOWN_SECONDS,
  resendCountdownText,
  resendSecondsLeft,
} from '../../../core/resend-cooldown';

const SENT = 1_700_000_000_000;

describe('resend cooldown (spec 4 and 9)', () => {
  test('60 s with a 1 s tick', () => {
    expect(RESEND_COOLDOWN_SECONDS).toBe(60);
    expect(COUNTDOWN_TICK_MS).toBe(1000);
  });

  test('counts whole seconds down from 60 to 0', () => {
    expect(resendSecondsLeft(SENT, SENT)).toBe(60);
    expect(resendSecondsLeft(SENT, SENT + 1)).toBe(60);
    expect(resendSecondsLeft(SENT, SENT + 1000)).toBe(59);
    expect(resendSecondsLeft(SENT, SENT + 59_001)).toBe(1);
    expect(resendSecondsLeft(SENT, SENT + 60_000)).toBe(0);
    expect(resendSecondsLeft(SENT, SENT + 3_600_000)).toBe(0);
  });

  test('a clock set back never shows more than 60', () => {
    expect(resendSecondsLeft(SENT, SENT - 5000)).toBe(60);
  });

  test('the next tick lands when the shown number changes', () => {
    expect(msUntilNextTick(SENT, SENT)).toBe(1000);
    expect(msUntilNextTick(SENT, SENT + 250)).toBe(750);
    expect(msUntilNextTick(SENT, SENT + 59_999)).toBe(1);
  });

  test("reads 'Resend available in N seconds'", () => {
    expect(resendCountdownText(42)).toBe('Resend available in 42 seconds');
  });
});
