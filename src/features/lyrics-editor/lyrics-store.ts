// The lyrics table of the browser database as the sync and the editor use it.
import { getDatabase } from '../../db/database';
import type { TrackLyricsRow } from '../../db/lyrics-table';
import type { LyricsStore } from './lyrics-sync';

export const browserLyricsStore: LyricsStore = {
  get: (audioId) => getDatabase().trackLyrics.get(audioId),
  async update(audioId, change) {
    const table = getDatabase().trackLyrics;
    await getDatabase().transaction('rw', table, async () => {
      const next = change(await table.get(audioId));
      if (next) await table.put(next);
    });
  },
};

export type { TrackLyricsRow };
