import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../http/authentication';
import {
  licenceFor,
  listPlugins,
  openDownload,
  type PluginsContext,
} from '../services/plugins/plugins.service';

const pluginParams = z.object({ pluginId: z.string().max(100) });
const downloadParams = pluginParams.extend({ platform: z.string().max(20) });
const downloadQuery = z.object({ version: z.string().max(40).optional() });

/** The audio plugins (docs/plugins.md): the list is public, licences and files signed in. */
export function pluginsRoutes(context: PluginsContext) {
  return async (app: FastifyInstance) => {
    app.get('/api/plugins', async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(await listPlugins(context)),
    );

    app.get('/api/plugins/:pluginId/licence', async (request, reply) => {
      const user = await requireUser(request);
      const { pluginId } = pluginParams.parse(request.params);
      return reply
        .header('cache-control', 'private, no-store')
        .send(await licenceFor(context, user, pluginId));
    });

    app.get('/api/plugins/:pluginId/download/:platform', async (request, reply) => {
      const user = await requireUser(request);
      const { pluginId, platform } = downloadParams.parse(request.params);
      const { version } = downloadQuery.parse(request.query ?? {});
      const { release, stream } = await openDownload(context, user, pluginId, platform, version);
      const etag = `"${release.sha256}"`;
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('x-content-sha256', release.sha256);
      if (request.headers['if-none-match'] === etag) {
        stream.destroy();
        return reply.status(304).send();
      }
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', release.size)
        .header('content-disposition', `attachment; filename="${release.file}"`)
        .send(stream);
    });
  };
}
