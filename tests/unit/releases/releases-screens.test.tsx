// @vitest-environment happy-dom
// The release screens with the real posts of content/releases (the build's virtual module) and
// the real router. The moving previews are drawn in a Web Worker, which happy-dom does not run:
// the e2e test (tests/e2e/releases.spec.ts) checks them in Chromium.
import { screen, within } from '@testing-library/react';
import posts from 'virtual:release-posts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../src/features/session/session-store';
import { renderApp, sessionDeps } from '../web/render-app';

// happy-dom has no Web Workers or OffscreenCanvas: stand-ins that take the preview worker's
// messages and never answer, so the previews stay on their loading state here.
class SilentWorker extends EventTarget {
  postMessage(): void {}
  terminate(): void {}
}

beforeAll(() => {
  vi.stubGlobal('Worker', SilentWorker);
  HTMLCanvasElement.prototype.transferControlToOffscreen ??= function () {
    return {} as OffscreenCanvas;
  };
});

const signedOut = () => createSessionStore(sessionDeps(), { status: 'signed-out' });

describe('the Canvas release screens', () => {
  it('list every post newest first, each linking to its page', async () => {
    renderApp({ session: signedOut(), path: '/spotify-canvas-videos/releases' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spotify Canvas Releases' }),
    ).toBeTruthy();
    const articles = screen.getAllByTestId('release-post');
    expect(articles.map((article) => article.dataset.post)).toEqual(posts.map((p) => p.id));
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const first = within(articles[0]!);
    expect(first.getByRole('heading', { level: 2 }).textContent).toBe(posts[0]!.title);
    expect(first.getByText(posts[0]!.summary)).toBeTruthy();
    expect(first.getByRole('link', { name: posts[0]!.title }).getAttribute('href')).toBe(
      `/spotify-canvas-videos/releases/${posts[0]!.id}`,
    );
    expect(articles[0]!.querySelector('time')?.getAttribute('datetime')).toBe(posts[0]!.date);
    expect(document.title).toBe('Spotify Canvas Releases · Waveframe');
  });

  it('show one post with its text and a way to make a Canvas with its templates', async () => {
    const post = posts.find((p) => p.id === 'canvas-loops-cut-on-the-beat')!;
    renderApp({ session: signedOut(), path: `/spotify-canvas-videos/releases/${post.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeTruthy();
    expect(document.title).toBe(`${post.title} · Waveframe`);
    const body = screen.getByTestId('release-body');
    expect(
      within(body).getByRole('heading', { level: 2, name: 'Choose the section, get whole beats' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Make a Canvas with Rotating Vinyl' }).getAttribute('href'),
    ).toBe('/spotify-canvas-video-templates/create/vinyl');
    expect(
      screen.getByRole('link', { name: 'Make a Canvas with Title Loop' }).getAttribute('href'),
    ).toBe('/spotify-canvas-video-templates/create/title-loop');
    expect(screen.getByRole('link', { name: 'All Canvas releases' }).getAttribute('href')).toBe(
      '/spotify-canvas-videos/releases',
    );
  });

  it('say so for an unknown post, with a link back to the list', async () => {
    const { router } = renderApp({
      session: signedOut(),
      path: '/spotify-canvas-videos/releases/no-such-post',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Release post not found' }),
    ).toBeTruthy();
    expect(document.title).toBe('Release post not found · Waveframe');
    screen.getByRole('link', { name: 'All Canvas releases' }).click();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spotify Canvas Releases' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/spotify-canvas-videos/releases');
  });
});
