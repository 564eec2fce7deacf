import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  RecentColorsResponse,
  RenderTasksStatusResponse,
  UserVisualizersResponse,
  VisualizerTaskProgress,
} from '../../core/render/api-types';
import { AppError } from '../errors/app-error';
import { requireUser } from '../http/authentication';
import { recentRenderColors } from '../services/renders/render-files.service';
import { createRenderBody } from '../services/renders/render-config';
import { visualizerProgress, visualizerView } from '../services/renders/render-view';
import {
  createRender,
  deleteRender,
  findRenders,
  listRenders,
  type RenderContext,
} from '../services/renders/renders.service';
import { renderFileRoutes } from './render-files';

const uploadUuid = z.uuid({ error: 'upload_uuid must be a visualizer id' });

/** Spec section 7, Visualizers (/api/visualizers), plus create, delete, files and colours. */
export function visualizersRoutes(context: RenderContext) {
  const kind = 'visualizer' as const;
  return async (app: FastifyInstance) => {
    app.get('/api/visualizers/get-user-visualizers', async (request) => {
      const user = await requireUser(request);
      const rows = await listRenders(context, user.userUuid, kind);
      return { visualizers: rows.map(visualizerView) } satisfies UserVisualizersResponse;
    });

    app.post('/api/visualizers/create-visualizer', async (request, reply) => {
      const user = await requireUser(request);
      const body = createRenderBody.parse(request.body ?? {});
      const render = await createRender(context, user, kind, body);
      return reply.status(201).send({ visualizer: visualizerView(render) });
    });

    app.post('/api/visualizers/render-status', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ upload_uuid: z.string().max(100) }).parse(request.body ?? {});
      const [render] = await findRenders(context, user.userUuid, kind, [body.upload_uuid]);
      return visualizerProgress(body.upload_uuid, render);
    });

    app.post('/api/visualizers/render-tasks-status', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({ upload_uuids: z.array(z.string().max(100)).max(500) })
        .parse(request.body ?? {});
      const found = await findRenders(context, user.userUuid, kind, body.upload_uuids);
      const now = Date.now();
      return {
        tasks: body.upload_uuids.map((id, i) => visualizerProgress(id, found[i], now)),
      } satisfies RenderTasksStatusResponse<VisualizerTaskProgress>;
    });

    app.delete('/api/visualizers/delete-visualizer', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ upload_uuid: uploadUuid }).parse(request.body ?? {});
      if (!(await deleteRender(context, user, kind, body.upload_uuid)))
        throw new AppError(404, 'NotFound', 'No such video.');
      return { deleted: true };
    });

    app.get('/api/visualizers/recent-colors', async (request) => {
      const user = await requireUser(request);
      return {
        colors: await recentRenderColors(context, user, kind),
      } satisfies RecentColorsResponse;
    });

    await app.register(renderFileRoutes(context, kind));
  };
}
