import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  GetAudioLyricsResponse,
  UpdateAudioLyricsResponse,
} from '../../core/lyrics/api-types';
import { requireUser } from '../http/authentication';
import { UploadsInFlight } from '../http/uploads-in-flight';
import { sendStoredObject } from '../http/send-stored-object';
import {
  AUDIO_UPLOAD_ROUTE,
  audioFile,
  audioStatuses,
  listUserAudios,
  requireUploadDraft,
  updateAudioArtwork,
  updateAudioMetadata,
} from '../services/media/audio-library.service';
import {
  abortAudio,
  type AudioContext,
  createAudioDraft,
  deleteAudio,
  draftBody,
  finalizeAudio,
  requireAudio,
} from '../services/media/audio-uploads.service';
import {
  getLyrics,
  lyricsSchema,
  removeLyrics,
  resolveLyrics,
  saveLyrics,
} from '../services/media/lyrics.service';
import { countTusBytes } from '../services/media/upload-metrics';

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
      return { audios: await listUserAudios(context, user) };
    });

    app.post('/api/audio/get-processing-status', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ audioIds: z.array(audioId).max(500) }).parse(request.body ?? {});
      return { statuses: await audioStatuses(context, user, body.audioIds) };
    });

    app.post('/api/audio/audio-metadata-update', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({ audioId, textTitle: text, textArtists: text, textAlbum: text })
        .parse(request.body ?? {});
      return { audio: await updateAudioMetadata(context, user, body) };
    });

    app.post('/api/audio/audio-artwork-update', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ audioId, artworkId: z.uuid().nullable() }).parse(request.body ?? {});
      return { audio: await updateAudioArtwork(context, user, body) };
    });

    // A track's lyrics (issue 27; ours, named as the spec's Audio calls are).
    app.post('/api/audio/get-audio-lyrics', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ audioId }).parse(request.body ?? {});
      return {
        lyrics: await getLyrics(context, user, body.audioId),
      } satisfies GetAudioLyricsResponse;
    });

    app.post('/api/audio/audio-lyrics-update', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({
          audioId,
          lyrics: lyricsSchema,
          baseRevision: z.number({ error: 'baseRevision is needed' }).int().min(0),
        })
        .parse(request.body ?? {});
      return { lyrics: await saveLyrics(context, user, body) } satisfies UpdateAudioLyricsResponse;
    });

    app.post('/api/audio/audio-lyrics-resolve', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({
          audioId,
          keep: z.enum(['saved', 'replaced'], { error: 'keep must be saved or replaced' }),
        })
        .parse(request.body ?? {});
      return {
        lyrics: await resolveLyrics(context, user, body),
      } satisfies UpdateAudioLyricsResponse;
    });

    app.delete('/api/audio/delete-audio-lyrics', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ audioId }).parse(request.body ?? {});
      return { deleted: await removeLyrics(context, user, body.audioId) };
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
        const file = await audioFile(context, user, request.params.audioId, request.params.file);
        reply.header('cache-control', 'private, max-age=31536000, immutable');
        return sendStoredObject(reply, context.storage, file.key, {
          contentType: file.contentType,
          rangeHeader: request.headers.range,
        });
      },
    );

    // tus: HEAD (how much arrived) and PATCH (more bytes) on uploads the draft created, a few of
    // one user's at a time (each holds its upload's lock while it runs).
    const inFlight = new UploadsInFlight(context.config.uploads.perUser);
    await app.register(async (tus) => {
      tus.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
        done(null),
      );
      tus.route({
        method: ['HEAD', 'PATCH', 'OPTIONS'],
        url: `${AUDIO_UPLOAD_ROUTE}/:audioId`,
        async handler(request, reply) {
          const user = await requireUser(request);
          const { audioId: id } = request.params as { audioId: string };
          const uploadId = await requireUploadDraft(context, user, id);
          const leave = request.method === 'OPTIONS' ? () => {} : inFlight.enter(user.userUuid);
          reply.hijack();
          try {
            await context.uploads.handle(request.raw, reply.raw, uploadId);
          } finally {
            leave();
          }
          countTusBytes(context, request.raw, reply.raw);
        },
      });
    });
  };
}
