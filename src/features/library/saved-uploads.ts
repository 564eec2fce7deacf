// The upload queue as saved on this device, read with the library items of the files the server
// is processing, in one go: whoever shows or settles an upload sees both as they stand together.
import type { LibraryAudio, LibraryImage } from '../../api/media';
import { getDatabase, type WaveframeDatabase } from '../../db/database';
import type { UploadRow } from '../../db/media-tables';
import type { ProcessedItems } from './upload-outcomes';

export interface SavedUploads {
  /** Every upload, oldest first. */
  rows: UploadRow[];
  items: ProcessedItems;
}

function byId<T>(items: Array<T | undefined>, id: (item: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (item) map.set(id(item), item);
  return map;
}

/** Reads the queue and its processed files' library items (a live query may watch it). */
export async function readSavedUploads(
  database: () => WaveframeDatabase = getDatabase,
): Promise<SavedUploads> {
  const db = database();
  return db.transaction('r', db.uploadQueue, db.libraryAudios, db.libraryImages, async () => {
    const rows = await db.uploadQueue.orderBy('createdAt').toArray();
    const processing = (kind: UploadRow['kind']) =>
      rows
        .filter((row) => row.kind === kind && row.state === 'processing' && row.serverId)
        .map((row) => row.serverId as string);
    const [audios, images] = await Promise.all([
      db.libraryAudios.bulkGet(processing('audio')),
      db.libraryImages.bulkGet(processing('image')),
    ]);
    return {
      rows,
      items: {
        audios: byId<LibraryAudio>(audios, (audio) => audio.audio_uuid),
        images: byId<LibraryImage>(images, (image) => image.image_uuid),
      },
    };
  });
}
