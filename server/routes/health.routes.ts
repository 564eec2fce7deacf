import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { notFound } from '../errors/app-error';
import { checkLiveness, healthDetailsFor } from '../services/health.service';

export const HEALTH_DETAILS_PATH = '/api/health/details';

export function healthRoutes(context: AppContext, version: string) {
  return async (app: FastifyInstance) => {
    app.get('/api/health', async (_request, reply) => {
      const liveness = await checkLiveness(context);
      return reply
        .header('cache-control', 'no-store')
        .status(liveness.ok ? 200 : 503)
        .send(liveness);
    });

    app.get(HEALTH_DETAILS_PATH, async (request, reply) => {
      const report = await healthDetailsFor(context, version, {
        address: request.ip,
        authorization: request.headers.authorization,
      });
      // Word for word the answer to a path that does not exist: a stranger learns nothing.
      if (report === null)
        throw notFound(`No API route for ${request.method} ${HEALTH_DETAILS_PATH}`);
      return reply
        .header('cache-control', 'no-store')
        .status(report.status === 'ok' ? 200 : 503)
        .send(report);
    });
  };
}
