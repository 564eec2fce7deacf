import { describe, expect, it } from 'vitest';
import {
  disallowedPaths,
  robotsTxt,
  sitemapEntries,
  sitemapXml,
} from '../../../core/site/crawlers';
import { ROUTE_TABLE, samplePathOf } from '../../../core/site/route-table';

const BASE = 'https://waveframe.example';
const RELEASES = [
  { id: 'neon & tunnel', title: 'Neon', description: 'A loop.', date: '2025-05-02' },
  { id: 'first', title: 'First', description: 'Where it began.', date: '2025-01-10' },
];

/** A crawler's reading of one Disallow rule: a prefix, "$" pinning the end of the path. */
function blocks(rule: string, path: string): boolean {
  return rule.endsWith('$') ? path === rule.slice(0, -1) : path.startsWith(rule);
}

const samplesOf = (signedIn: boolean) =>
  ROUTE_TABLE.filter((route) => route.protected === signedIn).map((route) =>
    samplePathOf(route.path, () => 'x1'),
  );

describe('robots.txt', () => {
  it('keeps crawlers out of every signed-in route and the API, and no public route', () => {
    const rules = disallowedPaths();
    for (const path of [...samplesOf(true), '/api/health']) {
      expect(
        rules.some((rule) => blocks(rule, path)),
        path,
      ).toBe(true);
    }
    for (const path of samplesOf(false)) {
      expect(
        rules.filter((rule) => blocks(rule, path)),
        path,
      ).toEqual([]);
    }
  });

  it('writes short rules: one prefix for /media, an exact /account', () => {
    const rules = disallowedPaths();
    expect(rules).toContain('/media');
    expect(rules).toContain('/account$');
    expect(rules).toContain('/pricing');
    expect(rules.filter((rule) => rule.startsWith('/media'))).toEqual(['/media']);
    expect(rules).not.toContain('/pricing-paddle');
  });

  it('allows the rest and names the sitemap', () => {
    const text = robotsTxt(BASE);
    expect(text.startsWith('User-agent: *\nAllow: /\nDisallow: ')).toBe(true);
    expect(text).toContain('Disallow: /api/\n');
    expect(text.trimEnd().endsWith(`Sitemap: ${BASE}/sitemap.xml`)).toBe(true);
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages without parameters, then each release post', () => {
    const urls = sitemapEntries(BASE, RELEASES).map((entry) => entry.url);
    expect(urls[0]).toBe(`${BASE}/`);
    expect(urls).toContain(`${BASE}/faq`);
    expect(urls).toContain(`${BASE}/tools/color/rgb-color-creator`);
    expect(urls).toContain(`${BASE}/spotify-canvas-videos/releases`);
    expect(urls.slice(-2)).toEqual([
      `${BASE}/spotify-canvas-videos/releases/neon%20%26%20tunnel`,
      `${BASE}/spotify-canvas-videos/releases/first`,
    ]);
    for (const path of [
      '/404',
      '/account/reset-password',
      '/account/email-verification',
      '/account/email-change',
      '/account/modify-email-prefs',
      '/account/modify-email-prefs-success',
      '/media',
      '/pricing',
    ]) {
      expect(urls, path).not.toContain(`${BASE}${path}`);
    }
    expect(urls.filter((url) => url.includes('$'))).toEqual([]);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('dates the posts and the releases list by the newest post', () => {
    const entries = sitemapEntries(BASE, RELEASES);
    expect(entries.find((e) => e.url === `${BASE}/spotify-canvas-videos/releases`)?.lastmod).toBe(
      '2025-05-02',
    );
    expect(entries.find((e) => e.url.endsWith('/first'))?.lastmod).toBe('2025-01-10');
    expect(entries.find((e) => e.url === `${BASE}/faq`)?.lastmod).toBeUndefined();
    expect(
      sitemapEntries(BASE, []).find((e) => e.url === `${BASE}/spotify-canvas-videos/releases`),
    ).toEqual({ url: `${BASE}/spotify-canvas-videos/releases` });
  });

  it('is sitemap XML with its namespace, escaped', () => {
    const xml = sitemapXml(BASE, RELEASES);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<url><loc>${BASE}/faq</loc></url>`);
    expect(xml).toContain(
      `<url><loc>${BASE}/spotify-canvas-videos/releases/first</loc><lastmod>2025-01-10</lastmod></url>`,
    );
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const amp = sitemapXml('https://a.example/?x=1&y=2', []);
    expect(amp).toContain('&amp;y=2');
    expect(amp).not.toMatch(/&(?!amp;)/);
  });
});
