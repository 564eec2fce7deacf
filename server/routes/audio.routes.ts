import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../http/app-error';
import { requireUser } from '../http/authentication';
import { sendStoredObject } from '../http/send-stored-object';
import { AUDIO_UPLOADS_PATH } from '../repositories/audio-uploads';
import {
  audioKeys,
  audiosByIds,
  findAudio,
  listAudios,
  updateAudio,
} from '../repositories/audios.repository';
import { findImage } from '../repositories/images.repository';
import { audioView } from '../services/media/audio-view';
import {
  abortAudio,
  type AudioContext,
  createAudioDraft,
  deleteAudio,
  draftBody,
  finalizeAudio,
  requireAudio,
} from '../services/media/audio-uploads.service';

const audioId = z.uuid({ error: 'audioId must be an audio id' });
const text = z.string().trim().max(300);

/** Spec section 7, Audio (/api/audio), the tus upload endpoint and the files of a track. */
export function audioRoutes(context: AudioContext) {
  return async (app: FastifyInstance) => {
    app.post('/api/audio/add-audio-draft', async (request, reply) => {
      const user = await requireUser(request);
      const answer = await createAudioDraft(context, user, draftBody.parse(request.body ?? {}));
      return reply.status(answer.existing ? 200 : 201).send(answer);
    });

    app.post('/api/audio/add-audio-finalize', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ audio_uuid: audioId }).parse(request.body ?? {});
      return finalizeAudio(context, user, body.audio_uuid);
    });

    app.post('/api/audio/add-audio-abort', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ audio_uuid: audioId }).parse(request.body ?? {});
      await abortAudio(context, user, body.audio_uuid);
      return { ok: true };
    });

    app.get('/api/audio/get-user-audios', async (request) => {
      const user = await requireUser(request);
      return { audios: (await listAudios(context.db, user.userUuid)).map(audioView) };
    });

    app.post('/api/audio/get-processing-status', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ audioIds: z.array(audioId).max(500) }).parse(request.body ?? {});
      const rows = await audiosByIds(context.db, user.userUuid, body.audioIds);
      return {
        statuses: rows.map((audio) => ({
          audio_uuid: audio.audioUuid,
          core_processing_status: audio.coreProcessingStatus,
          marketplace_processing_status: audio.marketplaceProcessingStatus,
          error: audio.error,
          audio: audioView(audio),
        })),
      };
    });

    app.post('/api/audio/audio-metadata-update', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({ audioId, textTitle: text, textArtists: text, textAlbum: text })
        .parse(request.body ?? {});
      const audio = await requireAudio(context, user, body.audioId);
      const updated = await updateAudio(context.db, audio.audioUuid, {
        title: body.textTitle || null,
        artists: body.textArtists || null,
        album: body.textAlbum || null,
      });
      return { audio: audioView(updated!) };
    });

    app.post('/api/audio/audio-artwork-update', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ audioId, artworkId: z.uuid().nullable() }).parse(request.body ?? {});
      const audio = await requireAudio(context, user, body.audioId);
      if (body.artworkId && !(await findImage(context.db, user.userUuid, body.artworkId)))
        throw notFound('No such image.');
      const updated = await updateAudio(context.db, audio.audioUuid, {
        artworkImageUuid: body.artworkId,
      });
      return { audio: audioView(updated!) };
    });

    app.delete('/api/audio/delete-audio', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ audioId }).parse(request.body ?? {});
      await deleteAudio(context, await requireAudio(context, user, body.audioId));
      return { ok: true };
    });

    app.get<{ Params: { audioId: string; file: string } }>(
      '/api/audio/file/:audioId/:file',
      async (request, reply) => {
        const user = await requireUser(request);
        const audio = await requireAudio(context, user, request.params.audioId);
        const keys = audioKeys(audio.userUuid, audio.audioUuid);
        if (audio.coreProcessingStatus !== 'COMPLETE')
          throw notFound('This audio is still being processed.');
        const files = {
          playable: { key: keys.playable, contentType: 'audio/mp4' },
          analysis: { key: keys.analysis, contentType: 'application/octet-stream' },
          preview: { key: keys.preview, contentType: 'audio/mp4' },
        } as const;
        const file = files[request.params.file as keyof typeof files];
        if (!file) throw notFound('No such audio file.');
        reply.header('cache-control', 'private, max-age=31536000, immutable');
        return sendStoredObject(reply, context.storage, file.key, {
          contentType: file.contentType,
          rangeHeader: request.headers.range,
        });
      },
    );

    // tus: HEAD (how much arrived) and PATCH (more bytes) on uploads the draft created.
    await app.register(async (tus) => {
      tus.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
        done(null),
      );
      tus.route({
        method: ['HEAD', 'PATCH', 'OPTIONS'],
        url: `${AUDIO_UPLOADS_PATH}/:audioId`,
        async handler(request, reply) {
          const user = await requireUser(request);
          const { audioId: id } = request.params as { audioId: string };
          const draft = /^[0-9a-f-]{36}$/i.test(id)
            ? await findAudio(context.db, user.userUuid, id)
            : undefined;
          if (!draft || draft.coreProcessingStatus !== null) throw notFound('No such upload.');
          if (!(await context.uploads.progress(id)))
            throw new AppError(410, 'UploadGone', 'This upload expired: start it again.');
          reply.hijack();
          await context.uploads.server.handle(request.raw, reply.raw);
        },
      });
    });
  };
}
