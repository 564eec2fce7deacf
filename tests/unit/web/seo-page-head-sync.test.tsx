// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { headTags, pageHeadFor } from '../../../core/site/page-head';
import { createSessionStore } from '../../../src/features/session/session-store';
import { applyPageHead } from '../../../src/routes/page-head-sync';
import { renderApp, sessionDeps } from './render-app';

const ORIGIN = 'https://waveframe.example';

const content = (selector: string) =>
  document.head.querySelector(selector)?.getAttribute('content') ?? null;
const canonical = () =>
  document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;

beforeEach(() => {
  // The shell as the service worker serves it: with the home page's head from the server.
  document.head.innerHTML = headTags(pageHeadFor('/', { baseUrl: ORIGIN, releases: [] }), ORIGIN);
});

describe('the head tags follow the page the app shows', () => {
  it("moves the canonical link, description and sharing tags to the new page's", () => {
    applyPageHead(document, '/faq', ORIGIN);
    expect(canonical()).toBe(`${ORIGIN}/faq`);
    expect(content('meta[name="description"]')).toBe(
      'Answers about renders, credits, plans and publishing.',
    );
    expect(content('meta[property="og:url"]')).toBe(`${ORIGIN}/faq`);
    expect(content('meta[property="og:title"]')).toBe('Frequently Asked Questions');
    expect(content('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });

  it('marks signed-in pages and /404 noindex without a canonical link, and back again', () => {
    for (const path of ['/media/audio/5', '/404']) {
      applyPageHead(document, path, ORIGIN);
      expect(canonical(), path).toBeNull();
      expect(content('meta[name="robots"]'), path).toBe('noindex');
    }
    applyPageHead(document, '/tools', ORIGIN);
    expect(canonical()).toBe(`${ORIGIN}/tools`);
    expect(content('meta[name="robots"]')).toBeNull();
  });

  it("gives a release post its address and leaves its words to the post's screen", () => {
    applyPageHead(document, '/spotify-canvas-videos/releases/neon-tunnel', ORIGIN);
    expect(canonical()).toBe(`${ORIGIN}/spotify-canvas-videos/releases/neon-tunnel`);
    expect(content('meta[name="robots"]')).toBeNull();
    expect(content('meta[name="description"]')).toBe(
      pageHeadFor('/', { baseUrl: ORIGIN, releases: [] }).description,
    );
  });

  it('is applied by the router when a page opens', async () => {
    renderApp({ session: createSessionStore(sessionDeps()), path: '/about' });
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/about`));
    expect(content('meta[name="description"]')).toBe('Who makes Waveframe and why.');
  });
});
