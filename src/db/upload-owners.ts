// Who a queued upload belongs to. Every row carries its owner's user_uuid; rows queued before
// rows had one (schema version 7 gave them none) are settled here by the page at sign-in, where
// the session knows whose data this device held before.
import { getDatabase, type WaveframeDatabase } from './database';

/**
 * Gives the upload rows without an owner to `owner` (the user whose data this device held, now
 * signed in again), or removes them when `owner` is null (nobody can tell whose they are: they
 * could be another person's, so they are never sent).
 */
export async function settleUnownedUploads(
  owner: string | null,
  db: WaveframeDatabase = getDatabase(),
): Promise<void> {
  const unowned = db.uploadQueue.filter((row) => !row.ownerId);
  if (owner === null) await unowned.delete();
  else await unowned.modify({ ownerId: owner });
}
