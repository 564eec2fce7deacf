import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  ParticleTaskProgress,
  RenderTasksStatusResponse,
  UserParticleRendersResponse,
} from '../../core/render/api-types';
import { AppError } from '../errors/app-error';
import { requireUser } from '../http/authentication';
import {
  initParticleRender,
  initParticleRenderBody,
  particleDeleteBody,
  particleTasksBody,
} from '../services/renders/particles.service';
import { particleProgress, particleView } from '../services/renders/render-view';
import {
  deleteRender,
  findRenders,
  listRenders,
  type RenderContext,
} from '../services/renders/renders.service';
import { renderFileRoutes } from './render-files';

/** Spec section 7, Particles (/api/elements), plus the video and thumbnail files. */
export function particlesRoutes(context: RenderContext) {
  const kind = 'particles' as const;
  return async (app: FastifyInstance) => {
    app.post('/api/elements/init-particle-system-render', async (request, reply) => {
      const user = await requireUser(request);
      const body = initParticleRenderBody.parse(request.body ?? {});
      const render = await initParticleRender(context, user, body);
      return reply.status(201).send({ task: particleView(render) });
    });

    app.get('/api/elements/get-particle-system-renders', async (request) => {
      const user = await requireUser(request);
      const rows = await listRenders(context, user.userUuid, kind);
      return { renders: rows.map(particleView) } satisfies UserParticleRendersResponse;
    });

    app.post('/api/elements/particle-systems-task-status', async (request) => {
      const user = await requireUser(request);
      const body = particleTasksBody.parse(request.body ?? {});
      const found = await findRenders(context, user.userUuid, kind, body.tasks);
      const now = Date.now();
      return {
        tasks: body.tasks.map((id, i) => particleProgress(id, found[i], now)),
      } satisfies RenderTasksStatusResponse<ParticleTaskProgress>;
    });

    app.delete('/api/elements/particle-system-render-delete', async (request) => {
      const user = await requireUser(request);
      const body = particleDeleteBody.parse(request.body ?? {});
      const id = body.task_uuid.toLowerCase();
      const deleted = z.uuid().safeParse(id).success
        ? await deleteRender(context, user, kind, id)
        : undefined;
      if (!deleted) throw new AppError(404, 'NotFound', 'No such particle render.');
      return { deleted: true };
    });

    await app.register(renderFileRoutes(context, kind));
  };
}
