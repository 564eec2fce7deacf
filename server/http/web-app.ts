import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { headTags, injectHead, pageHeadFor } from '../../core/site/page-head';
import { REDIRECTS } from '../../core/site/route-table';
import { notFound } from '../errors/app-error';
import { loadSiteOptions, registerCrawlerFiles } from './seo';

// Files whose name never changes must be revalidated, or users keep an old app forever.
const ALWAYS_REVALIDATE = new Set(['/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/** The site's small icon (public/icons, made by scripts/make-icons.ts). */
const FAVICON = '/icons/favicon-32.png';

export interface WebAppOptions {
  /** The built PWA (WEB_DIST_DIR). */
  distDir: string;
  /** The site's public address without a trailing slash (APP_URL): canonical URLs, sitemap. */
  appUrl: string;
}

/**
 * Serves the built PWA from dist/: hashed assets cached for a year, the shell revalidated, and
 * every other GET outside /api answered with index.html so the app's router decides. Each page
 * gets its own head (title, description, canonical URL, sharing tags; noindex where it belongs,
 * status 404 for unknown paths), and /robots.txt and /sitemap.xml are made from the route table.
 * Unknown /api paths answer 404 JSON.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { distDir, appUrl } = options;
  const indexFile = path.join(distDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const site = loadSiteOptions(distDir, appUrl, app.log);
  registerCrawlerFiles(app, site);

  const sendPage = (request: FastifyRequest, reply: FastifyReply, html: string) => {
    const head = pageHeadFor(request.url, site);
    return reply
      .code(head.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(injectHead(html, headTags(head, appUrl)));
  };

  if (template !== null) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // "/" is answered by the route below, with its head. The index setting only makes a folder
      // (/icons/) look for an index.html that is not there, so it gets the not-found page, not 403.
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
    app.get('/', (request, reply) => sendPage(request, reply, template));
    for (const { from, to } of REDIRECTS) {
      if (from !== '*') app.get(from, (_request, reply) => reply.redirect(to, 301));
    }
    // Browsers ask for it where a document names no icon (robots.txt, sitemap.xml opened in a tab).
    app.get('/favicon.ico', (_request, reply) => reply.redirect(FAVICON, 301));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) {
      throw notFound(`No API route for ${request.method} ${url}`);
    }
    if (template === null || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound(template ? `Nothing at ${url}` : 'The web app is not built: run `npm start`.');
    }
    return sendPage(request, reply, template);
  });
}
