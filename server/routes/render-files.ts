import type { FastifyInstance } from 'fastify';
import type { RenderKind } from '../../core/render/scene';
import { AppError } from '../http/app-error';
import { requireUser } from '../http/authentication';
import { sendStoredObject } from '../http/send-stored-object';
import { findUserRender, renderKeys, type RenderRow } from '../repositories/renders.repository';
import type { UserRow } from '../repositories/users.repository';
import { downloadFileName, RENDER_API_BASE } from '../services/renders/render-view';
import type { RenderContext } from '../services/renders/renders.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's render of that kind, or 404 NotFound (another user's id is no different). */
export async function requireRender(
  context: Pick<RenderContext, 'db'>,
  user: UserRow,
  kind: RenderKind,
  id: unknown,
): Promise<RenderRow> {
  const render =
    typeof id === 'string' && UUID.test(id)
      ? await findUserRender(context.db, user.userUuid, kind, id.toLowerCase())
      : undefined;
  if (!render) throw new AppError(404, 'NotFound', 'No such video.');
  return render;
}

/** GET video/:upload_uuid (Range; ?download=1 as an attachment) and thumbnail/:upload_uuid. */
export function renderFileRoutes(context: RenderContext, kind: RenderKind) {
  const base = RENDER_API_BASE[kind];
  return async (app: FastifyInstance) => {
    app.get<{ Params: { id: string }; Querystring: { download?: string } }>(
      `${base}/video/:id`,
      async (request, reply) => {
        const user = await requireUser(request);
        const render = await requireRender(context, user, kind, request.params.id);
        if (render.status !== 'COMPLETE')
          throw new AppError(404, 'NotFound', 'This video is not finished yet.');
        const download = ['1', 'true'].includes(request.query.download ?? '');
        // A render never changes under its id: a new video gets a new id.
        reply.header('cache-control', 'private, max-age=31536000, immutable');
        return sendStoredObject(
          reply,
          context.storage,
          renderKeys(render.userUuid, render.id).video,
          {
            contentType: 'video/mp4',
            rangeHeader: request.headers.range,
            ...(download ? { downloadName: downloadFileName(render) } : {}),
          },
        );
      },
    );

    app.get<{ Params: { id: string } }>(`${base}/thumbnail/:id`, async (request, reply) => {
      const user = await requireUser(request);
      const render = await requireRender(context, user, kind, request.params.id);
      if (render.status !== 'COMPLETE')
        throw new AppError(404, 'NotFound', 'This video is not finished yet.');
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      return sendStoredObject(
        reply,
        context.storage,
        renderKeys(render.userUuid, render.id).thumbnail,
        { contentType: 'image/jpeg', rangeHeader: request.headers.range },
      );
    });
  };
}
