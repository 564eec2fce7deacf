import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  CanvasTaskProgress,
  RenderTasksStatusResponse,
  UserCanvasVideosResponse,
} from '../../core/render/api-types';
import { AppError } from '../errors/app-error';
import { requireUser } from '../http/authentication';
import {
  abortCanvas,
  canvasIdBody,
  draftCanvas,
  draftCanvasBody,
  finalizeCanvas,
} from '../services/renders/canvas.service';
import { canvasProgress, canvasView } from '../services/renders/render-view';
import {
  deleteRender,
  findRenders,
  listRenders,
  type RenderContext,
} from '../services/renders/renders.service';
import { renderFileRoutes } from './render-files';

/** Spec section 7, Canvas (/api/canvas-videos), plus the video and thumbnail files. */
export function canvasVideosRoutes(context: RenderContext) {
  const kind = 'canvas' as const;
  return async (app: FastifyInstance) => {
    app.post('/api/canvas-videos/draft-render-video', async (request, reply) => {
      const user = await requireUser(request);
      const body = draftCanvasBody.parse(request.body ?? {});
      const draft = await draftCanvas(context, user, body);
      return reply.status(201).send({ video: canvasView(draft) });
    });

    app.post('/api/canvas-videos/finalize-video-render', async (request) => {
      const user = await requireUser(request);
      const body = canvasIdBody.parse(request.body ?? {});
      return { video: canvasView(await finalizeCanvas(context, user, body.videoId)) };
    });

    app.post('/api/canvas-videos/abort-render-video', async (request) => {
      const user = await requireUser(request);
      const body = canvasIdBody.parse(request.body ?? {});
      await abortCanvas(context, user, body.videoId);
      return { aborted: true };
    });

    app.delete('/api/canvas-videos/delete', async (request) => {
      const user = await requireUser(request);
      const body = canvasIdBody.parse(request.body ?? {});
      const id = body.videoId.toLowerCase();
      const deleted = z.uuid().safeParse(id).success
        ? await deleteRender(context, user, kind, id)
        : undefined;
      if (!deleted) throw new AppError(404, 'NotFound', 'No such Canvas video.');
      return { deleted: true };
    });

    app.get('/api/canvas-videos/get-user-canvas-videos', async (request) => {
      const user = await requireUser(request);
      const rows = await listRenders(context, user.userUuid, kind);
      return { videos: rows.map(canvasView) } satisfies UserCanvasVideosResponse;
    });

    app.post('/api/canvas-videos/render-tasks-status', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({ tasks: z.array(z.string().max(100)).max(500) })
        .parse(request.body ?? {});
      const found = await findRenders(context, user.userUuid, kind, body.tasks);
      const now = Date.now();
      return {
        tasks: body.tasks.map((id, i) => canvasProgress(id, found[i], now)),
      } satisfies RenderTasksStatusResponse<CanvasTaskProgress>;
    });

    await app.register(renderFileRoutes(context, kind));
  };
}
