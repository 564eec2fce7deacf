// For search engines and sharing: the release posts of the web build, robots.txt and sitemap.xml.
// The page heads themselves are made in core/site/page-head.ts and put in by web-app.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { robotsTxt, sitemapXml } from '../../core/site/crawlers';
import { parseReleaseList, RELEASE_INDEX_FILE, type SiteOptions } from '../../core/site/page-head';

/**
 * The release posts of the web build in distDir, read once at start: none when the build has no
 * list, a warning when the list cannot be read.
 */
export function loadSiteOptions(
  distDir: string,
  baseUrl: string,
  log: FastifyBaseLogger,
): SiteOptions {
  const file = path.join(distDir, RELEASE_INDEX_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { baseUrl, releases: [] };
  }
  try {
    return { baseUrl, releases: parseReleaseList(JSON.parse(text)) };
  } catch (error) {
    log.warn(
      { err: error, file },
      'the release list of the web build is not JSON: no release posts',
    );
    return { baseUrl, releases: [] };
  }
}

// Crawlers fetch these rarely; an hour keeps them fresh enough after a deployment.
const CRAWLER_FILE_CACHE = 'public, max-age=3600';

/** GET (and HEAD) /robots.txt and /sitemap.xml, made from the route table at start. */
export function registerCrawlerFiles(app: FastifyInstance, site: SiteOptions): void {
  const robots = robotsTxt(site.baseUrl);
  const sitemap = sitemapXml(site.baseUrl, site.releases);
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CRAWLER_FILE_CACHE)
      .send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CRAWLER_FILE_CACHE)
      .send(sitemap),
  );
}
