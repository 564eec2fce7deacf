// What the server puts in each page's <head> before any JavaScript runs: the title, description,
// canonical address and sharing tags of the route a path belongs to (core/site/route-table.ts),
// with release posts named after themselves. Pure: the server hands in its public address and the
// release posts it read at start.
import { escapeHtml } from '../text/escape-html';
import { ROUTE_TABLE, type RouteEntry } from './route-table';

export const SITE_NAME = 'Waveframe';

/** The sharing picture (public/og-image.png, made by scripts/make-og-image.ts). */
export const OG_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Waveframe: turn your music into videos',
} as const;

export const NOT_FOUND_PATH = '/404';
export const RELEASES_ROUTE = '/spotify-canvas-videos/releases';
export const RELEASE_POST_ROUTE = `${RELEASES_ROUTE}/$releasePostId`;

/**
 * Public routes that are not pages to find through a search engine: links from e-mails that only
 * work with their token, one visitor's render progress, and the not-found page. They answer with
 * noindex and stay out of the sitemap.
 */
export const UNLISTED_PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '/account/reset-password',
  '/account/email-verification',
  '/account/email-change',
  '/account/modify-email-prefs',
  '/account/modify-email-prefs-success',
  '/canvas-render-progress/$vidId',
  NOT_FOUND_PATH,
]);

/** The file of the web build (dist/) that lists its release posts, for the server. */
export const RELEASE_INDEX_FILE = 'releases.json';

/** One release post as the web build lists it in dist/releases.json (newest first). */
export interface ReleasePostSummary {
  id: string;
  title: string;
  description: string;
  /** The publication day, YYYY-MM-DD. */
  date: string;
}

export interface PageHead {
  /** The route the path belongs to; null for a path no route matches. */
  route: RouteEntry | null;
  /** The text of <title>, "<page> · Waveframe". */
  title: string;
  /** The page's own name, for og:title. */
  pageTitle: string;
  description: string;
  /** The page's address without query or trailing slash: canonical and og:url. */
  url: string;
  indexable: boolean;
  /** The HTTP status to answer with: 404 for unknown paths, /404 and unknown release posts. */
  status: 200 | 404;
  ogType: 'website' | 'article';
  /** For a release post: its day, for article:published_time. */
  publishedDate?: string;
}

export interface SiteOptions {
  /** The public address of the site, without a trailing slash (APP_URL). */
  baseUrl: string;
  releases: readonly ReleasePostSummary[];
}

export interface RouteMatch {
  route: RouteEntry;
  /** Parameter values as they appear in the path (still percent-encoded). */
  params: Record<string, string>;
  /** The path in the route's own spelling with the parameters filled in. */
  path: string;
}

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/**
 * The route a path belongs to, as the web router would pick it: segments compared without case,
 * a $name segment takes any one segment, a trailing slash or doubled slashes make no difference,
 * and a route with more fixed segments wins over one with parameters.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const wanted = segmentsOf(pathname);
  let best: { match: RouteMatch; fixed: number } | null = null;
  for (const route of ROUTE_TABLE) {
    const pattern = segmentsOf(route.path);
    if (pattern.length !== wanted.length) continue;
    const params: Record<string, string> = {};
    let fixed = 0;
    const matches = pattern.every((segment, i) => {
      const actual = wanted[i]!;
      if (segment.startsWith('$')) {
        params[segment.slice(1)] = actual;
        return true;
      }
      fixed += 1;
      return segment.toLowerCase() === actual.toLowerCase();
    });
    if (!matches || (best && best.fixed >= fixed)) continue;
    const path =
      '/' +
      pattern
        .map((segment) => (segment.startsWith('$') ? params[segment.slice(1)] : segment))
        .join('/');
    best = { match: { route, params, path }, fixed };
  }
  return best?.match ?? null;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The path part of a request URL: no query string, no fragment. */
export function pathOnly(requestUrl: string): string {
  const end = requestUrl.search(/[?#]/);
  const path = end === -1 ? requestUrl : requestUrl.slice(0, end);
  return path.startsWith('/') ? path : `/${path}`;
}

const notFoundRoute = (): RouteEntry => ROUTE_TABLE.find((r) => r.path === NOT_FOUND_PATH)!;

/** The head of the page at a request path (query strings are ignored). */
export function pageHeadFor(requestPath: string, site: SiteOptions): PageHead {
  const pathname = pathOnly(requestPath);
  const match = matchRoute(pathname);
  if (!match) {
    const route = notFoundRoute();
    // An unknown path keeps its own address: the app moves on to /404 by itself.
    return headOf(route, site, cleanPath(pathname), { indexable: false, status: 404 });
  }
  const { route, params, path } = match;
  if (route.path === RELEASE_POST_ROUTE) {
    const id = decodeSegment(params.releasePostId ?? '');
    const post = site.releases.find((candidate) => candidate.id === id);
    if (!post) {
      return headOf(
        {
          ...route,
          title: 'Release Post Not Found',
          description: 'There is no release post at this address.',
        },
        site,
        path,
        { indexable: false, status: 404 },
      );
    }
    return {
      ...headOf({ ...route, title: post.title, description: post.description }, site, path, {
        indexable: true,
        status: 200,
      }),
      ogType: 'article',
      publishedDate: post.date,
    };
  }
  const indexable = !route.protected && !UNLISTED_PUBLIC_ROUTES.has(route.path);
  const status = route.path === NOT_FOUND_PATH ? 404 : 200;
  return headOf(route, site, path, { indexable, status });
}

/** Without doubled or trailing slashes ("/" stays "/"). */
function cleanPath(pathname: string): string {
  return `/${segmentsOf(pathname).join('/')}`;
}

function headOf(
  route: RouteEntry,
  site: SiteOptions,
  path: string,
  options: { indexable: boolean; status: 200 | 404 },
): PageHead {
  return {
    route,
    title: `${route.title} · ${SITE_NAME}`,
    pageTitle: route.title,
    description: route.description,
    url: `${site.baseUrl}${path === '/' ? '/' : path}`,
    indexable: options.indexable,
    status: options.status,
    ogType: 'website',
  };
}

/** The <head> tags of a page, one a line. */
export function headTags(head: PageHead, baseUrl: string): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.indexable
      ? `<link rel="canonical" href="${escapeHtml(head.url)}" />`
      : meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', head.pageTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', `${baseUrl}${OG_IMAGE.path}`),
    meta('property', 'og:image:width', String(OG_IMAGE.width)),
    meta('property', 'og:image:height', String(OG_IMAGE.height)),
    meta('property', 'og:image:alt', OG_IMAGE.alt),
    ...(head.publishedDate ? [meta('property', 'article:published_time', head.publishedDate)] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
  ];
  return tags.join('\n    ');
}

// The tags a page template may already hold for these purposes; they are replaced, not doubled.
const REPLACED_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title\s*>/gi,
  /<meta\b[^>]*\b(?:name|property)\s*=\s*["']?(?:description|robots|og:[\w:]+|twitter:[\w:]+|article:[\w:]+)["'\s/>][^>]*>/gi,
  /<link\b[^>]*\brel\s*=\s*["']?canonical["'\s/>][^>]*>/gi,
];

/**
 * The page template with the page's own head: its title, description and sharing tags go where
 * the template's <title> was (or just before </head>), and the template's own are removed.
 */
export function injectHead(template: string, tags: string): string {
  // Where the head ends: at </head>, or at <body> or the end where the template leaves it out.
  const ends = [/<\/head\s*>/i, /<body\b/i].map((pattern) => template.search(pattern));
  const headEnd = ends.find((at) => at !== -1) ?? template.length;
  let head = template.slice(0, headEnd);
  const titleAt = head.search(/<title\b/i);
  const MARK = '\u0000page-head\u0000';
  if (titleAt !== -1) head = `${head.slice(0, titleAt)}${MARK}${head.slice(titleAt)}`;
  for (const pattern of REPLACED_TAGS) head = head.replace(pattern, '');
  head = titleAt === -1 ? `${head}    ${tags}\n  ` : head.replace(MARK, () => tags);
  // Lines left empty by the removed tags.
  head = head.replace(/\n[ \t]*(?=\n)/g, '');
  return head + template.slice(headEnd);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The release posts of dist/releases.json, kept only where each field is there and the date is a
 * day (YYYY-MM-DD, or a full date-time, of which the day is kept); anything else is left out.
 */
export function parseReleaseList(data: unknown): ReleasePostSummary[] {
  if (!Array.isArray(data)) return [];
  const posts: ReleasePostSummary[] = [];
  for (const item of data as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, title, description, date } = item as Record<string, unknown>;
    if (typeof id !== 'string' || id === '' || typeof title !== 'string' || title === '') continue;
    if (typeof date !== 'string' || !DAY.test(date.slice(0, 10))) continue;
    posts.push({
      id,
      title,
      description: typeof description === 'string' ? description : '',
      date: date.slice(0, 10),
    });
  }
  return posts;
}
