import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../core/text/escape-html';
import {
  headTags,
  injectHead,
  matchRoute,
  pageHeadFor,
  parseReleaseList,
  type SiteOptions,
} from '../../../core/site/page-head';
import { ROUTE_TABLE, samplePathOf } from '../../../core/site/route-table';

const BASE = 'https://waveframe.example';
const RELEASES = [
  {
    id: 'neon-tunnel',
    title: 'Neon Tunnel & "Glow"',
    description: 'A <new> loop.',
    date: '2025-05-02',
  },
  { id: 'first', title: 'First Canvas', description: 'Where it began.', date: '2025-01-10' },
];
const SITE: SiteOptions = { baseUrl: BASE, releases: RELEASES };

// The template as index.html has it: a title and a description over several lines.
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Waveframe · Turn audio into videos</title>
    <meta
      name="description"
      content="Turn your music into videos."
    />
    <link rel="icon" href="/icons/logo.svg" type="image/svg+xml" />
    <meta name="theme-color" content="#693ee9" />
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('matchRoute', () => {
  it('finds every route of the table from a path with its parameters filled in', () => {
    for (const route of ROUTE_TABLE) {
      const path = samplePathOf(route.path, (name) => `sample-${name}`);
      const match = matchRoute(path);
      expect(match?.route.path, path).toBe(route.path);
      expect(match?.path).toBe(path);
    }
  });

  it('reads the parameters, ignores case, trailing and doubled slashes', () => {
    expect(matchRoute('/media/upload/42/progress')).toMatchObject({
      route: { path: '/media/upload/$entryId/progress' },
      params: { entryId: '42' },
    });
    expect(matchRoute('/FAQ/')?.path).toBe('/faq');
    expect(matchRoute('//tools//color/rgb-color-creator')?.path).toBe(
      '/tools/color/rgb-color-creator',
    );
    expect(matchRoute('/')?.route.path).toBe('/');
  });

  it('prefers a route with fixed segments over one with a parameter', () => {
    expect(matchRoute('/spotify-canvas-videos/releases')?.route.path).toBe(
      '/spotify-canvas-videos/releases',
    );
    expect(matchRoute('/spotify-canvas-videos/faq')?.route.path).toBe('/spotify-canvas-videos/faq');
  });

  it('matches nothing for unknown paths', () => {
    expect(matchRoute('/no/such/page')).toBeNull();
    expect(matchRoute('/media/audio/1/extra')).toBeNull();
  });
});

describe('pageHeadFor', () => {
  it('gives a public page its title, description and canonical address without the query', () => {
    const head = pageHeadFor('/faq/?utm_source=x#answers', SITE);
    expect(head).toMatchObject({
      title: 'Frequently Asked Questions · Waveframe',
      pageTitle: 'Frequently Asked Questions',
      description: 'Answers about renders, credits, plans and publishing.',
      url: `${BASE}/faq`,
      indexable: true,
      status: 200,
      ogType: 'website',
    });
    expect(pageHeadFor('/', SITE).url).toBe(`${BASE}/`);
    expect(pageHeadFor('/?ref=1', SITE).title).toBe('Turn your music into videos · Waveframe');
  });

  it('keeps parameters in the address of a page with parameters', () => {
    const head = pageHeadFor('/audio-reactive-music-visualizers/create/Orbit', SITE);
    expect(head.url).toBe(`${BASE}/audio-reactive-music-visualizers/create/Orbit`);
    expect(head.title).toBe('Create a Music Visualizer · Waveframe');
    expect(head.indexable).toBe(true);
  });

  it('marks signed-in pages, e-mail token links and render progress noindex', () => {
    for (const path of [
      '/media',
      '/media/audio/7',
      '/account',
      '/pricing',
      '/account/reset-password?token=abc',
      '/canvas-render-progress/9',
    ]) {
      const head = pageHeadFor(path, SITE);
      expect(head.indexable, path).toBe(false);
      expect(head.status, path).toBe(200);
    }
    expect(pageHeadFor('/media/audio/7', SITE).title).toBe('Audio Track · Waveframe');
  });

  it('answers /404 and unknown paths with status 404 and noindex', () => {
    for (const path of ['/404', '/no/such/page', '/media/audio/1/extra']) {
      const head = pageHeadFor(path, SITE);
      expect(head, path).toMatchObject({
        title: 'Page Not Found · Waveframe',
        indexable: false,
        status: 404,
      });
    }
    expect(pageHeadFor('/no/such/page/?x=1', SITE).url).toBe(`${BASE}/no/such/page`);
  });

  it('names a release post after itself, and an unknown one as not found', () => {
    const post = pageHeadFor('/spotify-canvas-videos/releases/neon-tunnel', SITE);
    expect(post).toMatchObject({
      title: 'Neon Tunnel & "Glow" · Waveframe',
      description: 'A <new> loop.',
      url: `${BASE}/spotify-canvas-videos/releases/neon-tunnel`,
      indexable: true,
      status: 200,
      ogType: 'article',
      publishedDate: '2025-05-02',
    });
    const unknown = pageHeadFor('/spotify-canvas-videos/releases/nothing', SITE);
    expect(unknown).toMatchObject({ indexable: false, status: 404 });
    expect(unknown.title).toBe('Release Post Not Found · Waveframe');
    const noPosts = pageHeadFor('/spotify-canvas-videos/releases/first', { ...SITE, releases: [] });
    expect(noPosts.status).toBe(404);
    // A broken escape in the address is an unknown post, not a crash.
    expect(pageHeadFor('/spotify-canvas-videos/releases/%E0%A4', SITE).status).toBe(404);
  });

  it('finds a release post whose id needs percent-encoding', () => {
    const site = { ...SITE, releases: [{ ...RELEASES[1]!, id: 'été 2025' }] };
    const head = pageHeadFor('/spotify-canvas-videos/releases/%C3%A9t%C3%A9%202025', site);
    expect(head.status).toBe(200);
    expect(head.url).toBe(`${BASE}/spotify-canvas-videos/releases/%C3%A9t%C3%A9%202025`);
  });
});

describe('headTags', () => {
  it('writes the title, description, canonical link and sharing tags, escaped', () => {
    const tags = headTags(pageHeadFor('/spotify-canvas-videos/releases/neon-tunnel', SITE), BASE);
    expect(tags).toContain('<title>Neon Tunnel &amp; &quot;Glow&quot; · Waveframe</title>');
    expect(tags).toContain('<meta name="description" content="A &lt;new&gt; loop." />');
    expect(tags).toContain(
      `<link rel="canonical" href="${BASE}/spotify-canvas-videos/releases/neon-tunnel" />`,
    );
    expect(tags).toContain('<meta property="og:type" content="article" />');
    expect(tags).toContain('<meta property="og:site_name" content="Waveframe" />');
    expect(tags).toContain(
      '<meta property="og:title" content="Neon Tunnel &amp; &quot;Glow&quot;" />',
    );
    expect(tags).toContain('<meta property="og:description" content="A &lt;new&gt; loop." />');
    expect(tags).toContain(
      `<meta property="og:url" content="${BASE}/spotify-canvas-videos/releases/neon-tunnel" />`,
    );
    expect(tags).toContain(`<meta property="og:image" content="${BASE}/og-image.png" />`);
    expect(tags).toContain('<meta property="article:published_time" content="2025-05-02" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).not.toContain('noindex');
  });

  it('gives noindex pages no canonical link', () => {
    const tags = headTags(pageHeadFor('/media', SITE), BASE);
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).not.toContain('rel="canonical"');
    expect(tags).toContain('<meta property="og:type" content="website" />');
  });

  it('escapes whatever a raw request puts in a path', () => {
    const tags = headTags(pageHeadFor('/media/audio/"><script>alert(1)</script>', SITE), BASE);
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('&quot;&gt;&lt;script&gt;');
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });
});

describe('injectHead', () => {
  it("replaces the template's title and description with the page's tags, once", () => {
    const html = injectHead(TEMPLATE, headTags(pageHeadFor('/faq', SITE), BASE));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Frequently Asked Questions · Waveframe</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Turn your music into videos.');
    // The rest of the template stays as it was, the tags where the title was.
    expect(html).toContain('<meta charset="UTF-8" />\n    <title>');
    expect(html).toContain('<meta name="theme-color" content="#693ee9" />');
    expect(html).toContain('<body><div id="root"></div></body>');
    expect(html).not.toMatch(/\n[ \t]*\n/);
  });

  it('replaces sharing tags a template already has, and adds the head to one without a title', () => {
    const withTags = TEMPLATE.replace(
      '</head>',
      '<meta property="og:title" content="old" /><link rel="canonical" href="/old" /></head>',
    );
    const html = injectHead(withTags, headTags(pageHeadFor('/about', SITE), BASE));
    expect(html).not.toContain('old');
    expect(html.match(/og:title/g)).toHaveLength(1);
    const pathWithDollars = pageHeadFor("/media/audio/$'$&", SITE);
    expect(injectHead(TEMPLATE, headTags(pathWithDollars, BASE))).toContain(
      `<meta property="og:url" content="${BASE}/media/audio/$&#39;$&amp;" />`,
    );
    expect(injectHead('<!doctype html><title>shell</title>', '<title>x</title>')).toBe(
      '<!doctype html><title>x</title>',
    );
    const bare = injectHead('<html><head></head><body></body></html>', '<title>x</title>');
    expect(bare).toMatch(/<head>\s*<title>x<\/title>\s*<\/head>/);
  });
});

describe('parseReleaseList', () => {
  it('keeps the well-formed posts in their order and leaves out the rest', () => {
    expect(
      parseReleaseList([
        { id: 'b', title: 'B', description: 'Second', date: '2025-03-01T10:00:00Z' },
        { id: 'a', title: 'A', date: '2025-02-01' },
        { id: '', title: 'No id', description: '', date: '2025-01-01' },
        { id: 'c', title: 'Bad day', description: '', date: 'yesterday' },
        null,
        'text',
      ]),
    ).toEqual([
      { id: 'b', title: 'B', description: 'Second', date: '2025-03-01' },
      { id: 'a', title: 'A', description: '', date: '2025-02-01' },
    ]);
    expect(parseReleaseList({ posts: [] })).toEqual([]);
  });
});
