// Rows of the media library's tables (schema version 2 of database.ts). All of them hold the
// signed-in user's data, so a logout empties them (clear-user-data.ts clears every table but
// the device's attribution).
import type { ImageType } from '../../core/media/media-limits';
import type { LibraryAudio, LibraryImage } from '../api/media';

/** Audio and video clips go through the resumable tus path; images as one multipart request. */
export type UploadKind = 'audio' | 'image' | 'video';

/**
 * Where an upload stands. queued: waiting for its turn or a connection (bytes already sent are
 * kept); uploading: bytes going out; processing: the server holds the file and works on it;
 * done and failed: final; cancelled: the user stopped it (the row is removed right after).
 */
export type UploadState = 'queued' | 'uploading' | 'processing' | 'done' | 'failed' | 'cancelled';

/** One queued upload, with the file itself until the server holds all of its bytes. */
export interface UploadRow {
  id: string;
  /**
   * The user_uuid of who queued it (schema version 7): it goes up only while the server says
   * this user is signed in. Null for rows queued before rows carried an owner: those are never
   * sent until the page gives them to a user (db/upload-owners.ts).
   */
  ownerId: string | null;
  kind: UploadKind;
  state: UploadState;
  /** The file; null once the server has all of it (or when it was refused before upload). */
  file: Blob | null;
  fileName: string;
  fileSize: number;
  /** For audio, the container's usual mimetype (what the server will probe it as). */
  mimetype: string;
  /** Audio only: read in the browser before upload, so the server can match (spec 5). */
  durationSeconds: number | null;
  /** Image only. */
  imageType: ImageType | null;
  imageName: string | null;
  /** Bytes the server acknowledged or received so far. */
  bytesSent: number;
  /** 0 to 100. */
  percent: number;
  /** Smoothed transfer speed while uploading, bytes per second. */
  speedBytesPerSecond: number | null;
  /** Why it failed, or why it is waiting (a dropped connection). */
  error: string | null;
  /** The server's id once known: audio_uuid or video_uuid of the draft, image_uuid of the image. */
  serverId: string | null;
  /** Audio only: the tus upload the draft created; resuming asks it for its offset. */
  uploadUrl: string | null;
  /** Interruptions in a row, for the back-off before the next attempt. */
  attempts: number;
  /** Not before this time (ms since epoch) is the next attempt made. */
  retryAt: number | null;
  /** A remark for the user, such as a track that was already in the library. */
  note: string | null;
  /**
   * Bytes per resumable request, chosen when the file was queued (a device setting for tests);
   * rows queued before it existed use the default.
   */
  chunkBytes?: number;
  createdAt: number;
  updatedAt: number;
}

export type CachedImageRow = LibraryImage;
export type CachedAudioRow = LibraryAudio;

/** When a list was last fetched in full from the server. */
export interface LibraryMetaRow {
  key: 'images' | 'audios';
  fetchedAt: number;
}

/** A track's analysis file, kept for the waveform offline. */
export interface AudioAnalysisRow {
  audio_uuid: string;
  bytes: ArrayBuffer;
}
