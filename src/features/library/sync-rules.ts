// When the library polls the server (spec 9); when its lists are fetched again is
// lib/list-refresh.ts's rule, the same for every list.
import { RATE_LIMITED_RETRY_MS } from '../../lib/media-status';

/** Spec 9: processing of audio is polled every 10 s, of images every 5 s. */
export const AUDIO_POLL_INTERVAL_MS = 10_000;
export const IMAGE_POLL_INTERVAL_MS = 5_000;
/** Spec 9: upload tasks are polled every 5 s (a clip's processing after its upload). */
export const VIDEO_POLL_INTERVAL_MS = 5_000;

/** What one round of status polling found. */
export type PollOutcome =
  /** Nothing is being processed: no call was made. */
  | { kind: 'idle' }
  | { kind: 'answered'; stillProcessing: number }
  | { kind: 'failed'; status: number };

/**
 * Milliseconds until the next round, or null to stop polling: polls only while something is not
 * final; a 429 waits 5 s and tries again; any other error stops (a later upload, a reconnection
 * or the next visit starts it again).
 */
export function nextPollDelay(outcome: PollOutcome, intervalMs: number): number | null {
  switch (outcome.kind) {
    case 'idle':
      return null;
    case 'answered':
      return outcome.stillProcessing > 0 ? intervalMs : null;
    case 'failed':
      return outcome.status === 429 ? RATE_LIMITED_RETRY_MS : null;
  }
}
