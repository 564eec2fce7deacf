import type { AppContext } from '../context';
import { isOperatorToken } from './health.service';

/**
 * This process's figures in Prometheus's text format for the operator (HEALTH_TOKEN as a bearer
 * token), or null for anyone else and when no token is set. Nothing is read before the token
 * is checked, so a stranger's request costs nothing.
 */
export async function scrapeMetrics(
  context: Pick<AppContext, 'config' | 'metrics'>,
  authorization: string | undefined,
): Promise<{ contentType: string; text: string } | null> {
  if (!isOperatorToken(context.config.healthToken, authorization)) return null;
  const { registry } = context.metrics;
  return { contentType: registry.contentType, text: await registry.metrics() };
}
