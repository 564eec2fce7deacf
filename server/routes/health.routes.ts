import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { checkHealth } from '../services/health.service';

export function healthRoutes(context: AppContext, version: string) {
  return async (app: FastifyInstance) => {
    app.get('/api/health', async (_request, reply) => {
      const report = await checkHealth(context, version);
      return reply
        .header('cache-control', 'no-store')
        .status(report.status === 'ok' ? 200 : 503)
        .send(report);
    });
  };
}
