import type { UploadRow } from '../../db/media-tables';
import { getDatabase } from '../../db/database';
import { useLiveQuery, type LiveResult } from '../../lib/use-live-query';

const uploads = (): Promise<UploadRow[]> =>
  getDatabase().uploadQueue.orderBy('createdAt').toArray();

/** The upload queue as saved on this device, oldest first, live. */
export function useUploadQueue(): LiveResult<UploadRow[]> {
  return useLiveQuery(uploads);
}
