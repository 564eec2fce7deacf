// Once the server holds an upload's bytes, the library decides what became of the file: the
// upload panel and the lists read the same saved item, so a track the list shows as Ready is
// never Processing in the panel (the runner's own poll may come seconds later).
import type { LibraryAudio, LibraryImage } from '../../api/media';
import type { UploadRow } from '../../db/media-tables';
import { isFinalAudioStatus, isFinalImageStatus, type ProcessedItem } from '../../lib/media-status';
import { withProcessingOutcome } from '../uploads';

/** The saved library items of the uploads being processed, by server id. */
export interface ProcessedItems {
  audios: ReadonlyMap<string, LibraryAudio>;
  images: ReadonlyMap<string, LibraryImage>;
}

/**
 * What the saved library says of an upload's file once the server has finished it; null when
 * the upload is not waiting for processing or the library does not know the end yet.
 */
export function libraryOutcome(
  row: UploadRow,
  items: ProcessedItems,
): (ProcessedItem & { outcome: 'COMPLETE' | 'FAILED' }) | null {
  if (row.state !== 'processing' || !row.serverId) return null;
  if (row.kind === 'audio') {
    const audio = items.audios.get(row.serverId);
    if (!audio || !isFinalAudioStatus(audio.core_processing_status)) return null;
    return {
      kind: 'audio',
      serverId: row.serverId,
      outcome: audio.core_processing_status === 'COMPLETE' ? 'COMPLETE' : 'FAILED',
      error: audio.error,
    };
  }
  if (row.kind === 'image') {
    const image = items.images.get(row.serverId);
    if (!image || !isFinalImageStatus(image.status)) return null;
    return {
      kind: 'image',
      serverId: row.serverId,
      outcome: image.status === 'COMPLETE' ? 'COMPLETE' : 'FAILED',
      error: image.error,
    };
  }
  // Clips have no saved list here: their poll alone tells.
  return null;
}

/** The queue as the screens show it: each upload the library holds as finished, finished. */
export function withLibraryOutcomes(rows: UploadRow[], items: ProcessedItems): UploadRow[] {
  return rows.map((row) => {
    const outcome = libraryOutcome(row, items);
    return outcome ? withProcessingOutcome(row, outcome) : row;
  });
}
