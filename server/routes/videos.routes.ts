import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../http/authentication';
import { sendStoredObject } from '../http/send-stored-object';
import {
  createLoopExtension,
  loopExtensionBody,
  loopExtensionStatuses,
  loopTasksBody,
} from '../services/media/loop-extensions.service';
import { videoView } from '../services/media/video-view';
import {
  abortVideo,
  createVideoDraft,
  finalizeVideo,
  removeVideo,
  requireVideo,
  retentionBody,
  setRetentionPolicy,
  userVideos,
  videoDraftBody,
  videoFile,
  videoIdBody,
  videoStatuses,
  type VideoContext,
} from '../services/media/videos.service';

const videoUuidBody = z.object({
  video_uuid: z.string({ error: 'video_uuid is needed' }).max(100),
});

/**
 * Spec section 7, Videos (/api/videos) and the loop-extension calls of /api/elements, plus the
 * clip upload (draft, tus bytes on the audio upload endpoint, finalize, abort) and the files.
 */
export function videosRoutes(context: VideoContext) {
  return async (app: FastifyInstance) => {
    app.post('/api/videos/add-video-draft', async (request, reply) => {
      const user = await requireUser(request);
      const body = videoDraftBody.parse(request.body ?? {});
      return reply.status(201).send(await createVideoDraft(context, user, body));
    });

    app.post('/api/videos/add-video-finalize', async (request) => {
      const user = await requireUser(request);
      const body = videoUuidBody.parse(request.body ?? {});
      return { video: await finalizeVideo(context, user, body.video_uuid) };
    });

    app.post('/api/videos/add-video-abort', async (request) => {
      const user = await requireUser(request);
      const body = videoUuidBody.parse(request.body ?? {});
      await abortVideo(context, user, body.video_uuid);
      return { ok: true };
    });

    app.post('/api/videos/processing-status', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({ videoIds: z.array(z.string().max(100)).max(500) })
        .parse(request.body ?? {});
      return { statuses: await videoStatuses(context, user, body.videoIds) };
    });

    app.get('/api/videos/user-videos', async (request) => {
      const user = await requireUser(request);
      return { videos: await userVideos(context, user) };
    });

    app.delete('/api/videos/delete-video', async (request) => {
      const user = await requireUser(request);
      const body = videoIdBody.parse(request.body ?? {});
      await removeVideo(context, await requireVideo(context, user, body.videoId));
      return { deleted: true };
    });

    app.post('/api/videos/update-retention-policy', async (request) => {
      const user = await requireUser(request);
      const body = retentionBody.parse(request.body ?? {});
      return { video: await setRetentionPolicy(context, user, body) };
    });

    app.post('/api/elements/create-video-loop-extension', async (request, reply) => {
      const user = await requireUser(request);
      const body = loopExtensionBody.parse(request.body ?? {});
      const output = await createLoopExtension(context, user, body);
      return reply.status(201).send({ video: videoView(output) });
    });

    app.post('/api/elements/loop-extension-task-status', async (request) => {
      const user = await requireUser(request);
      const body = loopTasksBody.parse(request.body ?? {});
      return { tasks: await loopExtensionStatuses(context, user, body.tasks) };
    });

    for (const which of ['video', 'thumbnail'] as const) {
      app.get<{ Params: { id: string }; Querystring: { download?: string } }>(
        `/api/videos/${which}/:id`,
        async (request, reply) => {
          const user = await requireUser(request);
          const file = await videoFile(context, user, request.params.id, which);
          const download =
            which === 'video' && ['1', 'true'].includes(request.query.download ?? '');
          reply.header('cache-control', 'private, max-age=3600');
          return sendStoredObject(reply, context.storage, file.key, {
            contentType: which === 'video' ? file.contentType : 'image/jpeg',
            rangeHeader: request.headers.range,
            ...(download ? { downloadName: file.downloadName } : {}),
          });
        },
      );
    }
  };
}
