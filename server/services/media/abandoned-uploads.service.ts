import type { AppContext } from '../../context';
import { UPLOAD_EXPIRY_MS } from '../../repositories/audio-uploads';
import { audioDrafts, deleteAudioRow } from '../../repositories/audios.repository';
import { deleteUserVideo, videoDrafts } from '../../repositories/videos.repository';

type UploadsContext = Pick<AppContext, 'db' | 'uploads' | 'log'>;

/** The ids of the user's uploads in progress (audio and video drafts). */
export async function userUploadIds(context: UploadsContext, userUuid: string): Promise<string[]> {
  const [audios, videos] = await Promise.all([
    audioDrafts(context.db, { userUuid }),
    videoDrafts(context.db, { userUuid }),
  ]);
  return [...audios.map((row) => row.audioUuid), ...videos.map((row) => row.videoUuid)];
}

/**
 * Removes the partial uploads of `ids` from the store (files in DATA_DIR/uploads with the
 * file's name in their record, or objects and an open multipart upload in S3).
 */
export async function removeUploads(context: UploadsContext, ids: string[]): Promise<void> {
  for (const id of ids) await context.uploads.remove(id);
}

/**
 * Daily: uploads that were begun more than UPLOAD_EXPIRY_MS ago and never finished are
 * abandoned. Their drafts go with their bytes (the app sends a file again when its draft is
 * gone); then whatever the store still holds that old goes too, whoever's it was: uploads of
 * deleted drafts or accounts, S3 multipart uploads left open. Answers how many drafts went.
 */
export async function removeAbandonedUploads(
  context: UploadsContext,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - UPLOAD_EXPIRY_MS);
  const [audios, videos] = await Promise.all([
    audioDrafts(context.db, { before }),
    videoDrafts(context.db, { before }),
  ]);
  for (const draft of audios) {
    await context.uploads.remove(draft.audioUuid);
    await deleteAudioRow(context.db, draft.audioUuid);
  }
  for (const draft of videos) {
    await context.uploads.remove(draft.videoUuid);
    await deleteUserVideo(context.db, draft.userUuid, draft.videoUuid);
  }
  const leftovers = await context.uploads.removeStartedBefore(before);
  const drafts = audios.length + videos.length;
  if (drafts + leftovers > 0) context.log.info({ drafts, leftovers }, 'abandoned uploads removed');
  return drafts;
}
