import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { scrapeMetrics } from '../services/metrics.service';

export const METRICS_PATH = '/metrics';

/** Prometheus's scrape, for the operator only (HEALTH_TOKEN); the API's and the worker's. */
export function metricsRoutes(context: Pick<AppContext, 'config' | 'metrics'>) {
  return async (app: FastifyInstance) => {
    app.get(METRICS_PATH, async (request, reply) => {
      const scrape = await scrapeMetrics(context, request.headers.authorization);
      // Anyone else gets what a path that does not exist gets: a stranger learns nothing.
      if (scrape === null) return reply.callNotFound();
      return reply.header('cache-control', 'no-store').type(scrape.contentType).send(scrape.text);
    });
  };
}
