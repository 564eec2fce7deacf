import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Writable, type Readable } from 'node:stream';
import { z } from 'zod';
import { MEDIA_LIMITS } from '../../../core/media/media-limits';
import { uploadMatches } from '../../../core/media/upload-matching';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors/app-error';
import type { AudioUploads } from '../../repositories/audio-uploads';
import { AUDIO_UPLOADS_PATH } from '../../repositories/audio-uploads';
import {
  audioKeys,
  completedAudios,
  deleteAudioRow,
  findAudio,
  findAudioBySha,
  insertAudio,
  updateAudio,
  type AudioRow,
} from '../../repositories/audios.repository';
import type { UserRow } from '../../repositories/users.repository';
import { audioView } from './audio-view';
import type { MediaContext } from './images.service';

export type AudioContext = MediaContext & { uploads: AudioUploads };

export const draftBody = z.object({
  file_name: z.string().trim().min(1).max(300),
  file_size: z.number().int().min(1),
  mimetype: z.string().max(100).default('application/octet-stream'),
  duration_seconds: z.number().min(0).nullable().optional(),
});

const hours = MEDIA_LIMITS.audioMaxSeconds / 3600;

/**
 * POST add-audio-draft: reuses a matching completed track (spec section 5) or creates the
 * draft and its resumable upload of exactly file_size bytes.
 */
export async function createAudioDraft(
  context: AudioContext,
  user: UserRow,
  body: z.infer<typeof draftBody>,
) {
  if (body.file_size > MEDIA_LIMITS.audioMaxBytes) {
    throw new AppError(
      413,
      'AudioTooLarge',
      `Audio files can be up to ${MEDIA_LIMITS.audioMaxBytes / 1024 / 1024} MB.`,
    );
  }
  if (body.duration_seconds != null && body.duration_seconds > MEDIA_LIMITS.audioMaxSeconds) {
    throw new AppError(413, 'AudioTooLong', `Audio can be up to ${hours} hours long.`);
  }
  const candidate = {
    fileName: body.file_name,
    mimetype: body.mimetype,
    fileSize: body.file_size,
    durationSeconds: body.duration_seconds ?? null,
  };
  const match = (await completedAudios(context.db, user.userUuid)).find((audio) =>
    uploadMatches(candidate, {
      fileName: audio.fileName,
      mimetype: audio.mimetype,
      fileSize: audio.fileSize,
      durationSeconds: audio.durationSeconds,
    }),
  );
  if (match)
    return {
      audio_uuid: match.audioUuid,
      existing: true,
      upload_url: null,
      audio: audioView(match),
    };
  const draft = await insertAudio(context.db, {
    userUuid: user.userUuid,
    fileName: body.file_name,
    fileSize: body.file_size,
    mimetype: body.mimetype,
    durationSeconds: body.duration_seconds ?? null,
  });
  await context.uploads.create(draft.audioUuid, body.file_size, body.file_name);
  return {
    audio_uuid: draft.audioUuid,
    existing: false,
    upload_url: `${AUDIO_UPLOADS_PATH}/${draft.audioUuid}`,
    audio: null,
  };
}

export async function requireAudio(
  context: MediaContext,
  user: UserRow,
  audioUuid: unknown,
): Promise<AudioRow> {
  const audio =
    typeof audioUuid === 'string' && /^[0-9a-f-]{36}$/i.test(audioUuid)
      ? await findAudio(context.db, user.userUuid, audioUuid)
      : undefined;
  if (!audio) throw notFound('No such audio.');
  return audio;
}

async function sha256OfStream(bytes: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(
    bytes,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done();
      },
    }),
  );
  return hash.digest('hex');
}

/**
 * POST add-audio-finalize: checks the upload is whole, refuses to keep the same content twice
 * (answering the existing track), moves the upload into storage and queues processing.
 * Finalising twice is harmless.
 */
export async function finalizeAudio(context: AudioContext, user: UserRow, audioUuid: unknown) {
  const draft = await requireAudio(context, user, audioUuid);
  if (draft.coreProcessingStatus !== null) return { audio: audioView(draft), duplicate: false };
  const progress = await context.uploads.progress(draft.audioUuid);
  if (!progress || progress.offset !== draft.fileSize) {
    throw new AppError(
      409,
      'UploadIncomplete',
      `The upload is not complete yet (${progress?.offset ?? 0} of ${draft.fileSize} bytes).`,
    );
  }
  const sha256 = await sha256OfStream(await context.uploads.read(draft.audioUuid));
  const existing = await findAudioBySha(context.db, user.userUuid, sha256);
  if (existing) return discardDuplicate(context, draft, existing);
  const keys = audioKeys(user.userUuid, draft.audioUuid);
  await context.uploads.keep(draft.audioUuid, context.storage, keys.original);
  let updated: AudioRow | undefined;
  try {
    updated = await updateAudio(context.db, draft.audioUuid, {
      sha256,
      originalKey: keys.original,
      coreProcessingStatus: 'PROGRESSING',
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same content was finalised by a concurrent request: keep that one.
    await context.storage.deletePrefix(keys.folder);
    return discardDuplicate(
      context,
      draft,
      (await findAudioBySha(context.db, user.userUuid, sha256))!,
    );
  }
  await context.uploads.remove(draft.audioUuid);
  await context.queue.send(
    'process-audio',
    { audioUuid: draft.audioUuid },
    { id: draft.audioUuid },
  );
  return { audio: audioView(updated!), duplicate: false };
}

async function discardDuplicate(context: AudioContext, draft: AudioRow, existing: AudioRow) {
  await context.uploads.remove(draft.audioUuid);
  await deleteAudioRow(context.db, draft.audioUuid);
  return { audio: audioView(existing), duplicate: true };
}

/** POST add-audio-abort: drops a draft and its partial upload; finished tracks are kept. */
export async function abortAudio(context: AudioContext, user: UserRow, audioUuid: unknown) {
  const draft = await requireAudio(context, user, audioUuid);
  if (draft.coreProcessingStatus !== null)
    throw new AppError(409, 'UploadFinished', 'This upload is finished; delete the track instead.');
  await context.uploads.remove(draft.audioUuid);
  await deleteAudioRow(context.db, draft.audioUuid);
}

/** DELETE delete-audio: the track, its files and its analysis. */
export async function deleteAudio(context: AudioContext, audio: AudioRow): Promise<void> {
  await context.uploads.remove(audio.audioUuid);
  await deleteAudioRow(context.db, audio.audioUuid);
  await context.storage.deletePrefix(audioKeys(audio.userUuid, audio.audioUuid).folder);
}
