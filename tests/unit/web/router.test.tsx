// @vitest-environment happy-dom
import { createMemoryHistory } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../src/features/session/session-store';
import { memoryUserRecordStorage } from '../../../src/features/session/stored-user';
import { createAppRouter } from '../../../src/routes/router';
import { ROUTE_TABLE, screenIdOf } from '../../../src/routes/route-table';
import { SCREENS } from '../../../src/routes/screens';
import { renderApp, SAMPLE_USER, sessionDeps, signedInSession } from './render-app';

afterEach(() => vi.restoreAllMocks());

function componentOf(path: string): unknown {
  const router = createAppRouter({
    session: createSessionStore(sessionDeps()),
    history: createMemoryHistory(),
  });
  const route = (router.routesByPath as Record<string, { options: { component?: unknown } }>)[path];
  if (!route) throw new Error(`no route for ${path}`);
  return route.options.component;
}

describe('route tree', () => {
  it('shows the same screen for /pricing and /pricing-paddle, and for /checkout and /checkout-pay', () => {
    expect(componentOf('/pricing')).toBeTypeOf('function');
    expect(componentOf('/pricing-paddle')).toBe(componentOf('/pricing'));
    expect(componentOf('/checkout-pay')).toBe(componentOf('/checkout'));
    expect(componentOf('/checkout')).not.toBe(componentOf('/pricing'));
  });

  it('gives every other route its own screen', () => {
    const components = ROUTE_TABLE.filter(
      (entry) => !['/pricing-paddle', '/checkout-pay'].includes(entry.path),
    ).map((entry) => componentOf(entry.path));
    expect(new Set(components).size).toBe(components.length);
  });

  it('has a screen of its own for every route: none is a placeholder', () => {
    const missing = ROUTE_TABLE.filter((entry) => !Object.hasOwn(SCREENS, screenIdOf(entry)));
    expect(missing.map((entry) => entry.path)).toEqual([]);
  });
});

describe('navigation', () => {
  const signedOut = () => createSessionStore(sessionDeps());

  it('redirects /index.html to /, /how-to to /support and unknown paths to /404', async () => {
    const cases = [
      ['/index.html', '/', 'Turn your music into videos'],
      ['/how-to', '/support', 'Support'],
      ['/no/such/page', '/404', 'Page Not Found'],
    ] as const;
    for (const [from, to, title] of cases) {
      const { router, unmount } = renderApp({ session: signedOut(), path: from });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(router.state.location.pathname).toBe(to);
      expect(document.title).toBe(`${title} · Waveframe`);
      unmount();
    }
  });

  it('sends signed-out visitors of a protected route to /login, keeping the path', async () => {
    const session = signedOut();
    const { router } = renderApp({ session, path: '/media/audio/a1?tab=info' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/media/audio/a1?tab=info' });
    expect(session.getState().status).toBe('signed-out');
  });

  it('lets a signed-in user with a stored record through without a login check', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve({ user: SAMPLE_USER }));
    const session = signedInSession(null, {}, { fetchCurrentUser });
    const { router } = renderApp({ session, path: '/account/plan/change' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Plan' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/plan/change');
    expect(fetchCurrentUser).not.toHaveBeenCalled();
  });

  it('runs a login check when the stored record is missing, and lets a signed-in user in', async () => {
    const fetchCurrentUser = vi.fn(() => Promise.resolve({ user: SAMPLE_USER }));
    const userRecord = memoryUserRecordStorage();
    const session = createSessionStore(sessionDeps({ fetchCurrentUser, userRecord }), {
      status: 'signed-in',
      user: SAMPLE_USER,
    });
    const { router } = renderApp({ session, path: '/checkout-pay' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout-pay');
    expect(fetchCurrentUser).toHaveBeenCalledOnce();
    expect(userRecord.read()).toEqual(SAMPLE_USER);
  });

  it('redirects to /login when the login check errors', async () => {
    const session = createSessionStore(
      sessionDeps({ fetchCurrentUser: vi.fn(() => Promise.reject(new TypeError('offline'))) }),
    );
    const { router } = renderApp({ session, path: '/account' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('hands the route parameters to the screen', async () => {
    renderApp({ session: signedOut(), path: '/spotify-canvas-videos/releases/post-42' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Release post not found' }),
    ).toBeTruthy();
  });
});
