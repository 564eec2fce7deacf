import { ensureFreshAttribution } from '../../db/attribution-store';
import { getDatabase } from '../../db/database';

/** Captures the ingress attribution of this visit (kept for 7 days); sign-up sends it later. */
export async function recordVisitAttribution(): Promise<void> {
  try {
    await ensureFreshAttribution(getDatabase(), {
      pathname: window.location.pathname,
      search: window.location.search,
      referrer: document.referrer,
      userAgent: navigator.userAgent,
      nowMs: Date.now(),
    });
  } catch {
    // Storage can be unavailable (private windows, full quota); attribution is optional.
  }
}
