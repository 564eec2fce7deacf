import { getDatabase, type WaveframeDatabase } from '../../db/database';
import type { UploadRow } from '../../db/media-tables';
import { applyUploadEvent, type UploadEvent } from './upload-machine';

/** Where the queue lives: IndexedDB in the app, memory in tests. */
export interface UploadStore {
  /** Every upload, oldest first. */
  list(): Promise<UploadRow[]>;
  get(id: string): Promise<UploadRow | undefined>;
  add(rows: UploadRow[]): Promise<void>;
  /** Applies an event to the stored row; null when the row is gone or the event does not apply. */
  apply(id: string, event: UploadEvent): Promise<UploadRow | null>;
  remove(id: string): Promise<void>;
}

/** The queue in IndexedDB, files included, so it survives reloads and closed tabs. */
export function dexieUploadStore(
  database: () => WaveframeDatabase = getDatabase,
  now: () => number = Date.now,
): UploadStore {
  return {
    list: () => database().uploadQueue.orderBy('createdAt').toArray(),
    get: (id) => database().uploadQueue.get(id),
    async add(rows) {
      await database().uploadQueue.bulkAdd(rows);
    },
    async apply(id, event) {
      const db = database();
      return db.transaction('rw', db.uploadQueue, async () => {
        const row = await db.uploadQueue.get(id);
        if (!row) return null;
        const next = applyUploadEvent(row, event, now());
        if (next) await db.uploadQueue.put(next);
        return next;
      });
    },
    async remove(id) {
      await database().uploadQueue.delete(id);
    },
  };
}
