import {
  refreshedAttribution,
  type IngressAttribution,
  type VisitContext,
} from '../../core/attribution';
import { ATTRIBUTION_KEY, type WaveframeDatabase } from './database';

export async function loadAttribution(db: WaveframeDatabase): Promise<IngressAttribution | null> {
  const row = await db.attribution.get(ATTRIBUTION_KEY);
  if (!row) return null;
  const { key: _key, ...attribution } = row;
  return attribution;
}

export async function saveAttribution(
  db: WaveframeDatabase,
  attribution: IngressAttribution,
): Promise<void> {
  await db.attribution.put({ ...attribution, key: ATTRIBUTION_KEY });
}

/** Keeps the stored attribution while fresh; captures this visit on the first visit or when stale. */
export async function ensureFreshAttribution(
  db: WaveframeDatabase,
  visit: VisitContext,
): Promise<IngressAttribution> {
  const stored = await loadAttribution(db);
  const { attribution, changed } = refreshedAttribution(stored, visit);
  if (changed) await saveAttribution(db, attribution);
  return attribution;
}
