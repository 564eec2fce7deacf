import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { registerAuthentication } from './http/authentication';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCsrf } from './http/csrf';
import { registerErrorHandling } from './http/error-handling';
import { registerRequestIds, requestIdOptions } from './http/request-ids';
import { registerRequestMetrics } from './http/request-metrics';
import { fastifyTrustProxy } from './http/trusted-proxies';
import { registerWebApp } from './http/web-app';
import { accountRoutes } from './routes/account.routes';
import { audioRoutes } from './routes/audio.routes';
import { canvasVideosRoutes } from './routes/canvas-videos.routes';
import { particlesRoutes } from './routes/particles.routes';
import { authRoutes } from './routes/auth.routes';
import { imagesRoutes } from './routes/images.routes';
import { healthRoutes } from './routes/health.routes';
import { metricsRoutes } from './routes/metrics.routes';
import { paymentRoutes, paymentWebhookRoutes } from './routes/payment.routes';
import { musicVideosRoutes } from './routes/music-videos.routes';
import { videosRoutes } from './routes/videos.routes';
import { visualizersRoutes } from './routes/visualizers.routes';
import { releaseKitsRoutes } from './routes/release-kits.routes';
import { supportRoutes } from './routes/support.routes';
import { pluginsRoutes } from './routes/plugins.routes';
import { youtubeRoutes } from './routes/youtube.routes';
import { MEDIA_LIMITS } from '../core/media/media-limits';
import { accountContext } from './services/accounts/account-context';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the tests that sweep all of them (CSRF). */
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * Node's own times beside the request timeout: the headers must come within it too (Node swaps
 * the two when the headers' is longer, which would leave the request 60 s instead), and requests
 * over their time are looked for every 30 s, or oftener for a shorter time.
 */
function httpServerTimes(requestTimeoutMs: number) {
  return {
    headersTimeout: Math.min(60_000, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(30_000, requestTimeoutMs / 2),
  };
}

/** The HTTP server: API routes under /api and the built web app for everything else. */
export async function buildApp(context: AppContext, version: string): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: context.log.child({ component: 'http' }) as FastifyBaseLogger,
    // Only a trusted proxy may name the client (rate limits count per address) and https.
    trustProxy: fastifyTrustProxy(context.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Node waits forever by default: a client sending a request (a tus PATCH holding its upload's
    // lock) a byte at a time, or stalling, is cut off after these, and its upload resumes later.
    requestTimeout: context.config.http.requestTimeoutSeconds * 1000,
    connectionTimeout: context.config.http.idleTimeoutSeconds * 1000,
    http: httpServerTimes(context.config.http.requestTimeoutSeconds * 1000),
    ...requestIdOptions(),
  });
  registerRequestIds(app);
  registerRequestMetrics(app, context.metrics);
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  registerSecurityHeaders(app, context.config);
  registerErrorHandling(app);
  await app.register(fastifyCookie);
  registerCsrf(app);
  const accounts = accountContext(context);
  registerAuthentication(app, accounts);
  await app.register(healthRoutes(context, version));
  await app.register(metricsRoutes(context));
  await app.register(authRoutes(accounts));
  await app.register(accountRoutes(accounts));
  await app.register(paymentRoutes(accounts));
  await app.register(paymentWebhookRoutes({ ...accounts, metrics: context.metrics }));
  await app.register(supportRoutes(accounts));
  await app.register(pluginsRoutes(context));
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 10, fileSize: MEDIA_LIMITS.imageMaxBytes + 1 },
  });
  await app.register(imagesRoutes(context));
  await app.register(audioRoutes(context));
  await app.register(visualizersRoutes(context));
  await app.register(musicVideosRoutes(context));
  await app.register(canvasVideosRoutes(context));
  await app.register(particlesRoutes(context));
  await app.register(releaseKitsRoutes(context));
  await app.register(videosRoutes(context));
  await app.register(youtubeRoutes(context));
  await registerWebApp(app, {
    distDir: context.config.webDistDir,
    appUrl: context.config.appUrl,
  });
  return app;
}

/**
 * The worker's own small HTTP server (METRICS_PORT): GET /metrics and nothing else, so the
 * figures of the renders and jobs a worker runs can be scraped too.
 */
export async function buildMetricsApp(context: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: context.log.child({ component: 'metrics-http' }) as FastifyBaseLogger,
    ...requestIdOptions(),
  });
  registerRequestIds(app);
  registerErrorHandling(app);
  await app.register(metricsRoutes(context));
  return app;
}
