// robots.txt and sitemap.xml, made from the route table: search engines may crawl the public
// pages, never the signed-in ones or the API, and the sitemap lists every public page worth
// finding (with each release post).
import { escapeHtml } from '../text/escape-html';
import {
  RELEASE_POST_ROUTE,
  RELEASES_ROUTE,
  UNLISTED_PUBLIC_ROUTES,
  type ReleasePostSummary,
} from './page-head';
import { ROUTE_TABLE } from './route-table';

/** The fixed part of a route's path: the whole path, or up to and with the "/" before its first parameter. */
function fixedPrefixOf(path: string): string {
  const param = path.indexOf('/$');
  return param === -1 ? path : path.slice(0, param + 1);
}

/**
 * The Disallow rules of robots.txt: each signed-in route's fixed prefix, the shorter prefix
 * standing for the longer ones, and "$" (end of address, understood by the big search engines)
 * where a prefix would also cover a public page (/account but not /account/reset-password).
 */
export function disallowedPaths(): string[] {
  const publicPrefixes = ROUTE_TABLE.filter((route) => !route.protected).map((route) =>
    fixedPrefixOf(route.path),
  );
  const rules = new Set<string>();
  for (const route of ROUTE_TABLE.filter((entry) => entry.protected)) {
    const prefix = fixedPrefixOf(route.path);
    const coversPublic = publicPrefixes.some((publicPath) => publicPath.startsWith(prefix));
    if (coversPublic && prefix.endsWith('/')) {
      throw new Error(`robots.txt cannot keep crawlers out of ${route.path} alone`);
    }
    rules.add(coversPublic ? `${prefix}$` : prefix);
  }
  const open = [...rules].filter((rule) => !rule.endsWith('$'));
  const kept = [...rules].filter(
    (rule) => !open.some((shorter) => shorter !== rule && rule.startsWith(shorter)),
  );
  return [...kept.sort(), '/api/'];
}

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface SitemapEntry {
  url: string;
  /** YYYY-MM-DD, where known. */
  lastmod?: string;
}

/** Every page of the sitemap: the public routes without parameters, then each release post. */
export function sitemapEntries(
  baseUrl: string,
  releases: readonly ReleasePostSummary[],
): SitemapEntry[] {
  const newestRelease = releases[0]?.date;
  const pages: SitemapEntry[] = ROUTE_TABLE.filter(
    (route) =>
      !route.protected && !route.path.includes('$') && !UNLISTED_PUBLIC_ROUTES.has(route.path),
  ).map((route) => ({
    url: `${baseUrl}${route.path}`,
    // The releases list changes with its newest post.
    ...(route.path === RELEASES_ROUTE && newestRelease ? { lastmod: newestRelease } : {}),
  }));
  const posts = releases.map((post) => ({
    url: `${baseUrl}${fixedPrefixOf(RELEASE_POST_ROUTE)}${encodeURIComponent(post.id)}`,
    lastmod: post.date,
  }));
  return [...pages, ...posts];
}

export function sitemapXml(baseUrl: string, releases: readonly ReleasePostSummary[]): string {
  const urls = sitemapEntries(baseUrl, releases).map(
    (entry) =>
      `  <url><loc>${escapeHtml(entry.url)}</loc>` +
      (entry.lastmod ? `<lastmod>${escapeHtml(entry.lastmod)}</lastmod>` : '') +
      '</url>',
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
