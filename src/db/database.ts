import Dexie, { type EntityTable } from 'dexie';
import type { IngressAttribution } from '../../core/attribution';

/** The one attribution row; its key is always ATTRIBUTION_KEY. */
export interface AttributionRow extends IngressAttribution {
  key: string;
}

export const ATTRIBUTION_KEY = 'ingress';
export const DATABASE_NAME = 'waveframe';

/**
 * The browser database. Every schema change adds a new `version(n)` below the last one (never edit
 * an old version), so browsers that hold an older schema upgrade in place.
 */
export class WaveframeDatabase extends Dexie {
  declare attribution: EntityTable<AttributionRow, 'key'>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    this.version(1).stores({ attribution: 'key' });
  }
}

let shared: WaveframeDatabase | null = null;

/** The app's database, opened on first use. */
export function getDatabase(): WaveframeDatabase {
  shared ??= new WaveframeDatabase();
  return shared;
}
