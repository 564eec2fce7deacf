import { useCallback, useEffect, useState } from 'react';
import {
  msUntilNextTick,
  RESEND_COOLDOWN_SECONDS,
  resendSecondsLeft,
} from '../../../core/resend-cooldown';

export interface ResendCooldown {
  /** Whole seconds until Resend Email is enabled; 0 when it is. */
  secondsLeft: number;
  /** A verification mail went out just now: the 60 s start again. */
  markSent: () => void;
  /** The server asked to wait this many more seconds (Retry-After of a 429). */
  waitFor: (seconds: number) => void;
}

/**
 * The resend cooldown of spec 4: 60 s from the last verification mail, counting down each
 * second. The step starts right after a mail went out, so the count starts at mount.
 */
export function useResendCooldown(): ResendCooldown {
  const [clock, setClock] = useState(() => {
    const now = Date.now();
    return { sentAt: now, now };
  });
  const secondsLeft = resendSecondsLeft(clock.sentAt, clock.now);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(
      () => setClock((current) => ({ ...current, now: Date.now() })),
      msUntilNextTick(clock.sentAt, clock.now),
    );
    return () => clearTimeout(timer);
  }, [clock, secondsLeft]);

  const markSent = useCallback(() => {
    const now = Date.now();
    setClock({ sentAt: now, now });
  }, []);

  const waitFor = useCallback((seconds: number) => {
    const now = Date.now();
    const wait = Math.min(Math.max(seconds, 0), RESEND_COOLDOWN_SECONDS);
    setClock({ sentAt: now - (RESEND_COOLDOWN_SECONDS - wait) * 1000, now });
  }, []);

  return { secondsLeft, markSent, waitFor };
}
