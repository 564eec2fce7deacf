// The lyrics calls (issue 27), beside the spec's Audio calls (/api/audio) and named as they
// are (camelCase fields, audioId). Files are read and written on the device (core/lyrics
// formats); the server keeps the lines.

import type { Lyrics } from './lyrics';

/** A track's saved lyrics. */
export interface TrackLyrics {
  audioId: string;
  lyrics: Lyrics;
  /** Counts the saves: send the one you last read as baseRevision. */
  revision: number;
  updatedAt: string;
  /**
   * The version a save made from an older revision replaced (another device's edit), kept until
   * the user picks one with audio-lyrics-resolve; null when there is none.
   */
  conflict: { lyrics: Lyrics; updatedAt: string } | null;
}

/** POST /api/audio/get-audio-lyrics {audioId} */
export interface GetAudioLyricsResponse {
  lyrics: TrackLyrics | null;
}

/** POST /api/audio/audio-lyrics-update */
export interface UpdateAudioLyricsRequest {
  audioId: string;
  lyrics: Lyrics;
  /** The revision this edit started from; 0 when the track had none. */
  baseRevision: number;
}
export interface UpdateAudioLyricsResponse {
  lyrics: TrackLyrics;
}

/** POST /api/audio/audio-lyrics-resolve: keep the saved version, or bring back the replaced one. */
export interface ResolveAudioLyricsRequest {
  audioId: string;
  keep: 'saved' | 'replaced';
}
