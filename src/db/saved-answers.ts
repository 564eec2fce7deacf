// Rows of the saved-answers table (schema version 5 of database.ts): the server's last answer
// for each list the app shows whole, as this device last saw it, so those screens open offline.
// The library and the renders keep a row per item in their own tables instead, because their
// items are polled one by one. A logout empties this table with the other user tables.
import type { UserVideo } from '../../core/media/video-types';
import type { AuthorizedChannelsResponse, UploadEntry } from '../../core/publishing/api-types';
import type { PlanResponse } from '../api/types';

/** What each saved answer holds. */
export interface SavedAnswers {
  /** The video library: clips and loop extensions, newest first. */
  videos: UserVideo[];
  /** The uploads to YouTube, newest first. */
  youtubeUploads: UploadEntry[];
  /** The linked YouTube channels. */
  youtubeChannels: AuthorizedChannelsResponse;
  /** The plan and its credits. */
  plan: PlanResponse;
}

export type SavedAnswerKey = keyof SavedAnswers;

export interface SavedAnswerRow<K extends SavedAnswerKey = SavedAnswerKey> {
  key: K;
  /**
   * Whose answer it is. Signing in as someone else clears the table, but not at once: until
   * then another user's row reads as nothing.
   */
  userUuid: string;
  value: SavedAnswers[K];
  /** When it was fetched from the server (ms since the epoch). */
  fetchedAt: number;
}
