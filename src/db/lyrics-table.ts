// Rows of the track lyrics table (schema version 6 of database.ts): each track's lyrics as this
// device holds them, edited offline and sent to the server when online (features/lyrics-editor).
// They are the signed-in user's data, so a logout empties the table.
import type { TrackLyrics } from '../../core/lyrics/api-types';
import type { Lyrics } from '../../core/lyrics/lyrics';

export interface TrackLyricsRow {
  /** The track's audio_uuid. */
  audioId: string;
  lyrics: Lyrics;
  /** The server's revision these lyrics came from (sent as baseRevision); 0 for none yet. */
  revision: number;
  /** Edited on this device since the server last had them. */
  dirty: boolean;
  /** Counts every change of `lyrics` here (an edit, or the server's newer version taken in). */
  localVersion: number;
  /** The version a save replaced, as the server keeps it until the user picks one. */
  conflict: TrackLyrics['conflict'];
  /** When the server last saved them (ISO), or null. */
  serverUpdatedAt: string | null;
  /** Milliseconds since the epoch of the last change here. */
  updatedAt: number;
  /** Why the last save was refused (the server's message), until the next edit. */
  refused: string | null;
}
