import type { FastifyInstance } from 'fastify';
import type { RenderKind } from '../../core/render/scene';
import { requireUser } from '../http/authentication';
import { sendStoredObject } from '../http/send-stored-object';
import { renderFile } from '../services/renders/render-files.service';
import { RENDER_API_BASE } from '../services/renders/render-view';
import type { RenderContext } from '../services/renders/renders.service';

/** GET video/:upload_uuid (Range; ?download=1 as an attachment) and thumbnail/:upload_uuid. */
export function renderFileRoutes(context: RenderContext, kind: RenderKind) {
  const base = RENDER_API_BASE[kind];
  return async (app: FastifyInstance) => {
    app.get<{ Params: { id: string }; Querystring: { download?: string } }>(
      `${base}/video/:id`,
      async (request, reply) => {
        const user = await requireUser(request);
        const file = await renderFile(context, user, kind, request.params.id, 'video');
        const download = ['1', 'true'].includes(request.query.download ?? '');
        // A render never changes under its id: a new video gets a new id.
        reply.header('cache-control', 'private, max-age=31536000, immutable');
        return sendStoredObject(reply, context.storage, file.key, {
          contentType: 'video/mp4',
          rangeHeader: request.headers.range,
          ...(download ? { downloadName: file.downloadName } : {}),
        });
      },
    );

    app.get<{ Params: { id: string } }>(`${base}/thumbnail/:id`, async (request, reply) => {
      const user = await requireUser(request);
      const file = await renderFile(context, user, kind, request.params.id, 'thumbnail');
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      return sendStoredObject(reply, context.storage, file.key, {
        contentType: 'image/jpeg',
        rangeHeader: request.headers.range,
      });
    });
  };
}
