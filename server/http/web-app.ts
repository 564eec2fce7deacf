import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors/app-error';

// Files whose name never changes must be revalidated, or users keep an old app forever.
const ALWAYS_REVALIDATE = new Set([
  '/sw.js',
  '/index.html',
  '/manifest.webmanifest',
  '/registerSW.js',
]);

/**
 * Serves the built PWA from dist/: hashed assets cached for a year, the shell revalidated,
 * and every other GET outside /api answered with index.html so the app's router decides.
 * Unknown /api paths answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: ['index.html'],
      setHeaders(response, filePath) {
        const urlPath = `/${path.relative(distDir, filePath).split(path.sep).join('/')}`;
        if (urlPath.startsWith('/assets/')) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (ALWAYS_REVALIDATE.has(urlPath)) {
          response.header('cache-control', 'no-cache');
        }
      },
    });
    app.get('/index.html', (_request, reply) => reply.redirect('/', 301));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      throw notFound(`No API route for ${request.method} ${url}`);
    }
    if (!hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound(hasBuild ? `Nothing at ${url}` : 'The web app is not built: run `npm start`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
