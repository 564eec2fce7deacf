import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { registerErrorHandling } from './http/error-handling';
import { registerWebApp } from './http/web-app';
import { healthRoutes } from './routes/health.routes';

/** The HTTP server: API routes under /api and the built web app for everything else. */
export async function buildApp(context: AppContext, version: string): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: context.log.child({ component: 'http' }) as FastifyBaseLogger,
    // Behind a reverse proxy the client address comes from X-Forwarded-For.
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  registerErrorHandling(app);
  await app.register(healthRoutes(context, version));
  await registerWebApp(app, context.config.webDistDir);
  return app;
}
