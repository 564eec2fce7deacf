// The user's audio library as the audio routes read and change it (uploads and processing:
// audio-uploads.service.ts and audio-processing/).

import { AppError, notFound } from '../../errors/app-error';
import { findUserVideo } from '../../repositories/videos.repository';
import { AUDIO_UPLOADS_PATH } from '../../repositories/audio-uploads';
import {
  audioKeys,
  audiosByIds,
  findAudio,
  listAudios,
  updateAudio,
} from '../../repositories/audios.repository';
import { findImage } from '../../repositories/images.repository';
import type { UserRow } from '../../repositories/users.repository';
import type { AudioContext } from './audio-uploads.service';
import { requireAudio } from './audio-uploads.service';
import { audioView } from './audio-view';
import type { MediaContext } from './images.service';

/** Where tus uploads live (HEAD/PATCH `${AUDIO_UPLOADS_PATH}/:audioId`). */
export const AUDIO_UPLOAD_ROUTE = AUDIO_UPLOADS_PATH;

export async function listUserAudios(context: MediaContext, user: UserRow) {
  return (await listAudios(context.db, user.userUuid)).map(audioView);
}

export async function audioStatuses(context: MediaContext, user: UserRow, audioIds: string[]) {
  const rows = await audiosByIds(context.db, user.userUuid, audioIds);
  return rows.map((audio) => ({
    audio_uuid: audio.audioUuid,
    core_processing_status: audio.coreProcessingStatus,
    marketplace_processing_status: audio.marketplaceProcessingStatus,
    error: audio.error,
    audio: audioView(audio),
  }));
}

export async function updateAudioMetadata(
  context: MediaContext,
  user: UserRow,
  body: { audioId: string; textTitle: string; textArtists: string; textAlbum: string },
) {
  const audio = await requireAudio(context, user, body.audioId);
  const updated = await updateAudio(context.db, audio.audioUuid, {
    title: body.textTitle || null,
    artists: body.textArtists || null,
    album: body.textAlbum || null,
  });
  return audioView(updated!);
}

export async function updateAudioArtwork(
  context: MediaContext,
  user: UserRow,
  body: { audioId: string; artworkId: string | null },
) {
  const audio = await requireAudio(context, user, body.audioId);
  if (body.artworkId && !(await findImage(context.db, user.userUuid, body.artworkId)))
    throw notFound('No such image.');
  const updated = await updateAudio(context.db, audio.audioUuid, {
    artworkImageUuid: body.artworkId,
  });
  return audioView(updated!);
}

/** The stored key and type of one of a processed track's files, or 404. */
export async function audioFile(
  context: MediaContext,
  user: UserRow,
  audioId: string,
  name: string,
): Promise<{ key: string; contentType: string }> {
  const audio = await requireAudio(context, user, audioId);
  const keys = audioKeys(audio.userUuid, audio.audioUuid);
  if (audio.coreProcessingStatus !== 'COMPLETE')
    throw notFound('This audio is still being processed.');
  const files = {
    playable: { key: keys.playable, contentType: 'audio/mp4' },
    analysis: { key: keys.analysis, contentType: 'application/octet-stream' },
    preview: { key: keys.preview, contentType: 'audio/mp4' },
  } as const;
  const file = files[name as keyof typeof files];
  if (!file) throw notFound('No such audio file.');
  return file;
}

/** The user's draft a tus request is for, still uploading; 404 or 410 UploadGone otherwise. */
/**
 * The one upload path: the tus endpoint takes the bytes of the user's audio drafts and video
 * drafts (videos.service.ts), both created with their exact size. 404 for anything else.
 */
export async function requireUploadDraft(context: AudioContext, user: UserRow, id: string) {
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const audio = valid ? await findAudio(context.db, user.userUuid, id) : undefined;
  const video = valid && !audio ? await findUserVideo(context.db, user.userUuid, id) : undefined;
  const isDraft =
    (audio && audio.coreProcessingStatus === null) ||
    (video && !video.isTaskOutput && video.processingStatus === null);
  if (!isDraft) throw notFound('No such upload.');
  if (!(await context.uploads.progress(id)))
    throw new AppError(410, 'UploadGone', 'This upload expired: start it again.');
  return id;
}
