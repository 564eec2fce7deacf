import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics';

/** Unknown paths share one label: their raw URLs would make a series each. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts and times every answered request by method, the route's URL template (never the raw
 * URL, whose ids would make a series per user) and status class.
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Pick<Metrics, 'httpRequests' | 'httpRequestSeconds'>,
): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    metrics.httpRequests.inc(labels);
    metrics.httpRequestSeconds.observe(labels, reply.elapsedTime / 1000);
  });
}
