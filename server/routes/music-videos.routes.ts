import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  RenderTasksStatusResponse,
  StaticVideoTaskProgress,
  UserStaticVideosResponse,
} from '../../core/render/api-types';
import { AppError } from '../errors/app-error';
import { requireUser } from '../http/authentication';
import { createRenderBody } from '../services/renders/render-config';
import { staticVideoProgress, staticVideoView } from '../services/renders/render-view';
import {
  createRender,
  deleteRender,
  findRenders,
  listRenders,
  renderProgressRows,
  type RenderContext,
} from '../services/renders/renders.service';
import { requireRender } from '../services/renders/render-files.service';
import { staticUploadsOf } from '../services/publishing/uploads.service';
import { renderFileRoutes } from './render-files';

const uploadUuid = z.uuid({ error: 'upload_uuid must be a video id' });

/** Spec section 7, Single-frame (/api/music-videos), plus create, delete and files. */
export function musicVideosRoutes(context: RenderContext) {
  const kind = 'single-frame' as const;
  return async (app: FastifyInstance) => {
    app.get('/api/music-videos/get-user-static-videos', async (request) => {
      const user = await requireUser(request);
      const rows = await listRenders(context, user.userUuid, kind);
      const uploads = await staticUploadsOf(
        context,
        user.userUuid,
        rows.map((row) => row.id),
      );
      return {
        videos: rows.map((row) => staticVideoView(row, uploads.get(row.id))),
      } satisfies UserStaticVideosResponse;
    });

    app.post('/api/music-videos/create-static-video', async (request, reply) => {
      const user = await requireUser(request);
      const body = createRenderBody.parse(request.body ?? {});
      const render = await createRender(context, user, kind, body);
      return reply.status(201).send({ video: staticVideoView(render) });
    });

    app.post('/api/music-videos/get-render-status', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ upload_uuid: z.string().max(100) }).parse(request.body ?? {});
      const [render] = await renderProgressRows(context, [
        await requireRender(context, user, kind, body.upload_uuid),
      ]);
      const uploads = await staticUploadsOf(context, user.userUuid, [render!.id]);
      return staticVideoProgress(render!.id, render, Date.now(), uploads.get(render!.id));
    });

    app.post('/api/music-videos/render-tasks-status', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({ tasks: z.array(z.string().max(100)).max(500) })
        .parse(request.body ?? {});
      const found = await findRenders(context, user.userUuid, kind, body.tasks);
      const uploads = await staticUploadsOf(
        context,
        user.userUuid,
        found.flatMap((render) => (render ? [render.id] : [])),
      );
      const now = Date.now();
      return {
        tasks: body.tasks.map((id, i) =>
          staticVideoProgress(id, found[i], now, found[i] && uploads.get(found[i].id)),
        ),
      } satisfies RenderTasksStatusResponse<StaticVideoTaskProgress>;
    });

    app.delete('/api/music-videos/delete-static-video', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ upload_uuid: uploadUuid }).parse(request.body ?? {});
      if (!(await deleteRender(context, user, kind, body.upload_uuid)))
        throw new AppError(404, 'NotFound', 'No such video.');
      return { deleted: true };
    });

    await app.register(renderFileRoutes(context, kind));
  };
}
