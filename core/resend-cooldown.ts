// The verification e-mail's resend cooldown (spec sections 4 and 9).

/** Resend stays disabled this long after the last verification e-mail was sent. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** The countdown counts down once a second. */
export const COUNTDOWN_TICK_MS = 1000;

/** Whole seconds until a resend is allowed (0 when it is). */
export function resendSecondsLeft(lastSentAtMs: number, nowMs: number): number {
  const leftMs = lastSentAtMs + RESEND_COOLDOWN_SECONDS * 1000 - nowMs;
  return leftMs <= 0 ? 0 : Math.min(RESEND_COOLDOWN_SECONDS, Math.ceil(leftMs / 1000));
}

/** Milliseconds until the shown number of seconds changes next (the next tick). */
export function msUntilNextTick(lastSentAtMs: number, nowMs: number): number {
  const leftMs = lastSentAtMs + RESEND_COOLDOWN_SECONDS * 1000 - nowMs;
  if (leftMs <= 0) return COUNTDOWN_TICK_MS;
  return leftMs % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS;
}

/** 'Resend available in N seconds'. */
export function resendCountdownText(seconds: number): string {
  return `Resend available in ${seconds} seconds`;
}
