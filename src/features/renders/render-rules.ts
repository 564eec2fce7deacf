// When the render screens poll the server (spec 8, spec 9); when their lists are fetched again is
// lib/list-refresh.ts's rule, the same for every list.
import { RENDER_POLL_INTERVAL_MS } from './render-kinds';

/** Spec 8 and 9: a 429 answer is retried after 5 s. */
export const RENDER_RATE_LIMITED_RETRY_MS = 5_000;

/** How often the render screens poll; tests shorten it. */
export const renderTiming = {
  pollIntervalMs: RENDER_POLL_INTERVAL_MS,
  rateLimitedRetryMs: RENDER_RATE_LIMITED_RETRY_MS,
};

/** What one round of status polling found. */
export type RenderPollOutcome =
  | { kind: 'idle' }
  | { kind: 'answered'; stillRendering: number }
  | { kind: 'failed'; status: number };

/**
 * Milliseconds until the next status round of a list, or null to stop: every 5 s while a render
 * is unfinished; a 429 waits 5 s; no answer (offline) stops until the connection returns; other
 * errors wait a poll interval too, since a render keeps going on the server.
 */
export function nextRenderPollDelay(
  outcome: RenderPollOutcome,
  intervalMs = RENDER_POLL_INTERVAL_MS,
): number | null {
  switch (outcome.kind) {
    case 'idle':
      return null;
    case 'answered':
      return outcome.stillRendering > 0 ? intervalMs : null;
    case 'failed':
      if (outcome.status === 429) return RENDER_RATE_LIMITED_RETRY_MS;
      if (outcome.status === 0) return null;
      return intervalMs;
  }
}
