import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NOT_FOUND_PATH, UNLISTED_PUBLIC_ROUTES } from '../../core/site/page-head';
import { ROUTE_TABLE, samplePathOf } from '../../core/site/route-table';
import { startServer, type RunningServer } from '../support/server-process';
import { makeTempDir } from '../support/temp-dir';

const APP_URL = 'https://waveframe.example';
const root = path.resolve(import.meta.dirname, '../..');

const RELEASES = [
  {
    id: 'neon-tunnel',
    title: 'Neon Tunnel <Canvas>',
    description: 'A looping tunnel of light & colour.',
    date: '2025-05-02',
  },
  { id: 'first-light', title: 'First Light', description: 'Where it began.', date: '2025-01-10' },
];

const parser = new new Window().DOMParser();

interface Head {
  title: string | undefined;
  meta(key: string): string | null | undefined;
  canonical: string | null | undefined;
  count(selector: string): number;
}

/** The head of the HTML exactly as the server sent it, before any script runs. */
function headOf(html: string): Head {
  const document = parser.parseFromString(html, 'text/html');
  return {
    title: document.querySelector('title')?.textContent,
    meta: (key) =>
      document
        .querySelector(`meta[name="${key}"], meta[property="${key}"]`)
        ?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    count: (selector) => document.querySelectorAll(selector).length,
  };
}

describe('the page heads, robots.txt and sitemap.xml the server sends', () => {
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = await makeTempDir('seo');
    // The real page template and a release list as the web build writes them; no full build needed.
    const dist = path.join(dataDir.dir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await copyFile(path.join(root, 'index.html'), path.join(dist, 'index.html'));
    await copyFile(path.join(root, 'public', 'og-image.png'), path.join(dist, 'og-image.png'));
    await writeFile(path.join(dist, 'releases.json'), JSON.stringify(RELEASES));
    await writeFile(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
    server = await startServer({
      DATA_DIR: dataDir.dir,
      WEB_DIST_DIR: dist,
      APP_URL: `${APP_URL}/`,
    });
  });

  afterAll(async () => {
    await server?.stop();
    await dataDir?.remove();
  });

  const get = (url: string, init?: RequestInit) => fetch(`${server.url}${url}`, init);

  test('each public page has its own title, description, canonical URL and sharing tags', async () => {
    const pages = [
      ['/', 'Turn your music into videos', `${APP_URL}/`],
      ['/faq?utm_source=newsletter', 'Frequently Asked Questions', `${APP_URL}/faq`],
      [
        '/tools/color/rgb-color-creator/',
        'RGB Color Creator',
        `${APP_URL}/tools/color/rgb-color-creator`,
      ],
      [
        '/audio-reactive-music-visualizers/create/orbit',
        'Create a Music Visualizer',
        `${APP_URL}/audio-reactive-music-visualizers/create/orbit`,
      ],
    ] as const;
    for (const [url, title, canonical] of pages) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const route = ROUTE_TABLE.find((entry) => entry.title === title)!;
      const head = headOf(await response.text());
      expect(head.title, url).toBe(`${title} · Waveframe`);
      expect(head.count('title')).toBe(1);
      expect(head.meta('description')).toBe(route.description);
      expect(head.count('meta[name="description"]')).toBe(1);
      expect(head.canonical).toBe(canonical);
      expect(head.meta('robots')).toBeUndefined();
      expect(head.meta('og:title')).toBe(title);
      expect(head.meta('og:description')).toBe(route.description);
      expect(head.meta('og:url')).toBe(canonical);
      expect(head.meta('og:type')).toBe('website');
      expect(head.meta('og:site_name')).toBe('Waveframe');
      expect(head.meta('og:image')).toBe(`${APP_URL}/og-image.png`);
      expect(head.meta('twitter:card')).toBe('summary_large_image');
    }
  });

  // What a deep link or a reload of any screen gets: the end-to-end sweep (tests/e2e/routes.spec.ts)
  // loads the app once and moves between the screens inside it, as its links do.
  test('every route of the spec is answered with the app, under its own title', async () => {
    for (const route of ROUTE_TABLE) {
      const url = samplePathOf(route.path, (name) =>
        name === 'releasePostId' ? RELEASES[1]!.id : `sample-${name}`,
      );
      const response = await get(url);
      expect(response.status, url).toBe(route.path === NOT_FOUND_PATH ? 404 : 200);
      const head = headOf(await response.text());
      expect(head.count('#root'), url).toBe(1);
      if (route.path.endsWith('$releasePostId')) expect(head.title).toBe(`First Light · Waveframe`);
      else expect(head.title, url).toBe(`${route.title} · Waveframe`);
      const unlisted = route.protected || UNLISTED_PUBLIC_ROUTES.has(route.path);
      expect(head.meta('robots'), url).toBe(unlisted ? 'noindex' : undefined);
    }
  });

  test('the sharing picture is there: a 1200x630 PNG', async () => {
    const response = await get('/og-image.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
  });

  test('a release post is named after itself; an unknown one answers 404 noindex', async () => {
    const post = await get('/spotify-canvas-videos/releases/neon-tunnel');
    expect(post.status).toBe(200);
    const head = headOf(await post.text());
    expect(head.title).toBe('Neon Tunnel <Canvas> · Waveframe');
    expect(head.meta('description')).toBe('A looping tunnel of light & colour.');
    expect(head.meta('og:type')).toBe('article');
    expect(head.canonical).toBe(`${APP_URL}/spotify-canvas-videos/releases/neon-tunnel`);

    const unknown = await get('/spotify-canvas-videos/releases/no-such-post');
    expect(unknown.status).toBe(404);
    const unknownHead = headOf(await unknown.text());
    expect(unknownHead.meta('robots')).toBe('noindex');
    expect(unknownHead.canonical).toBeUndefined();
  });

  test('signed-in pages are served to the app but marked noindex', async () => {
    for (const url of ['/media', '/media/audio/123', '/account', '/pricing']) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      const head = headOf(await response.text());
      expect(head.meta('robots'), url).toBe('noindex');
      expect(head.canonical, url).toBeUndefined();
      expect(head.count('#root'), url).toBe(1);
    }
    const head = headOf(await (await get('/media/audio/123')).text());
    expect(head.title).toBe('Audio Track · Waveframe');
  });

  test('/404 and unknown paths answer 404 with the app, which moves on to /404 itself', async () => {
    for (const url of ['/404', '/no/such/page', '/assets/missing-chunk.js', '/assets/']) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      const html = await response.text();
      const head = headOf(html);
      expect(head.title, url).toBe('Page Not Found · Waveframe');
      expect(head.meta('robots')).toBe('noindex');
      expect(html).toContain('<div id="root"></div>');
    }
  });

  test('HEAD answers like GET without a body', async () => {
    const page = await get('/about', { method: 'HEAD' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toBe('');
    expect((await get('/no/such/page', { method: 'HEAD' })).status).toBe(404);
    expect((await get('/sitemap.xml', { method: 'HEAD' })).status).toBe(200);
  });

  test('the redirects of the spec, and /favicon.ico to the icon, answer 301', async () => {
    for (const [from, to] of [
      ['/index.html', '/'],
      ['/how-to', '/support'],
      ['/favicon.ico', '/icons/favicon-32.png'],
    ] as const) {
      const response = await get(from, { redirect: 'manual' });
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location')).toBe(to);
    }
  });

  test('/robots.txt keeps crawlers out of the signed-in pages and the API, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \//);
    for (const rule of [
      '/media',
      '/account$',
      '/pricing',
      '/checkout',
      '/plan-activated',
      '/api/',
    ]) {
      expect(text).toContain(`\nDisallow: ${rule}\n`);
    }
    expect(text).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  test('/sitemap.xml lists the public pages and the release posts, no signed-in page', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const document = parser.parseFromString(await response.text(), 'application/xml');
    const urlset = document.documentElement;
    expect(urlset.tagName).toBe('urlset');
    expect(urlset.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const entries = [...urlset.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
      lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
    }));
    const locs = entries.map((entry) => entry.loc);
    for (const loc of locs) {
      expect(loc.startsWith(`${APP_URL}/`), loc).toBe(true);
      expect(new URL(loc).search).toBe('');
    }
    expect(locs).toContain(`${APP_URL}/`);
    expect(locs).toContain(`${APP_URL}/faq`);
    expect(locs).toContain(`${APP_URL}/tools/instagram-line-breaks-text-spacer`);
    expect(entries).toContainEqual({
      loc: `${APP_URL}/spotify-canvas-videos/releases/neon-tunnel`,
      lastmod: '2025-05-02',
    });
    expect(entries).toContainEqual({
      loc: `${APP_URL}/spotify-canvas-videos/releases/first-light`,
      lastmod: '2025-01-10',
    });
    const paths = locs.map((loc) => new URL(loc).pathname);
    const signedIn = ROUTE_TABLE.filter((route) => route.protected).map(
      (route) => new RegExp(`^${route.path.replace(/\$\w+/g, '[^/]+')}$`, 'i'),
    );
    for (const path of paths) {
      expect(
        signedIn.filter((pattern) => pattern.test(path)),
        path,
      ).toEqual([]);
      expect(['/404', '/account/reset-password', '/account/email-verification']).not.toContain(
        path,
      );
      // Every listed page answers 200 as itself.
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(headOf(await page.text()).canonical, path).toBe(`${APP_URL}${path}`);
    }
  });
});
