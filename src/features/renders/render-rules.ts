// When the render screens ask the server again (spec 8 "List loading", spec 9 polling).
import { RENDER_POLL_INTERVAL_MS } from './render-kinds';

/** Spec 8 and 9: a 429 answer is retried after 5 s. */
export const RENDER_RATE_LIMITED_RETRY_MS = 5_000;

/** Spec 9: store data older than 3600 s is fetched again. */
export const RENDER_LIST_MAX_AGE_MS = 3600 * 1000;

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

/** Whether a render list is fetched: missing, not fetched since the app started, or stale. */
export function renderListNeedsFetch(list: {
  fetchedAt: number | null;
  fetchedSinceStart: boolean;
  now: number;
}): boolean {
  if (list.fetchedAt === null || !list.fetchedSinceStart) return true;
  return list.now - list.fetchedAt >= RENDER_LIST_MAX_AGE_MS;
}
