import { describe, expect, it } from 'vitest';
import {
  isReturnableAfterLogin,
  loginUrlFor,
  pathnameOf,
  routeAfterLogin,
  routeAfterVerification,
  routeFromLoginResult,
  safeInternalPath,
} from '../../../core/redirects';

describe('isReturnableAfterLogin', () => {
  it('returns to visualizer and single-frame pages and the claim page', () => {
    expect(isReturnableAfterLogin('/audio-reactive-music-visualizers/create/nebula')).toBe(true);
    expect(isReturnableAfterLogin('/audio-reactive-music-visualizers/progress/v1')).toBe(true);
    expect(isReturnableAfterLogin('/single-frame-music-video-templates?x=1')).toBe(true);
    expect(isReturnableAfterLogin('/single-frame-music-videos/progress/v2')).toBe(true);
    expect(isReturnableAfterLogin('/activate/claim')).toBe(true);
  });

  it('does not return to other pages', () => {
    expect(isReturnableAfterLogin('/media/audio')).toBe(false);
    expect(isReturnableAfterLogin('/activate/claim/extra')).toBe(false);
    expect(isReturnableAfterLogin('/pricing')).toBe(false);
    expect(isReturnableAfterLogin('/music-visualizer-creator')).toBe(false);
  });
});

describe('routeAfterLogin', () => {
  it('returns to a returnable requested path', () => {
    expect(
      routeAfterLogin({
        currentPath: '/login',
        requestedPath: '/single-frame-music-videos/progress/a',
      }),
    ).toBe('/single-frame-music-videos/progress/a');
    expect(routeAfterLogin({ currentPath: '/pricing', requestedPath: '/activate/claim' })).toBe(
      '/activate/claim',
    );
  });

  it('goes to /media after a login from /, /login or /sign-up', () => {
    expect(routeAfterLogin({ currentPath: '/' })).toBe('/media');
    expect(routeAfterLogin({ currentPath: '/login?redirect=%2Fmedia%2Faudio' })).toBe('/media');
    expect(routeAfterLogin({ currentPath: '/sign-up', requestedPath: '/account' })).toBe('/media');
  });

  it('stays on any other page', () => {
    expect(routeAfterLogin({ currentPath: '/faq' })).toBeNull();
    expect(routeAfterLogin({ currentPath: '/tools', requestedPath: '/media' })).toBeNull();
  });

  it('follows nextRoute when the login result sets pushRoute', () => {
    expect(
      routeAfterLogin({
        currentPath: '/faq',
        result: { pushRoute: true, nextRoute: '/plan-activated' },
      }),
    ).toBe('/plan-activated');
    expect(
      routeAfterLogin({
        currentPath: '/faq',
        result: { pushRoute: false, nextRoute: '/plan-activated' },
      }),
    ).toBeNull();
  });

  it('ignores requested paths that leave the site', () => {
    expect(
      routeAfterLogin({ currentPath: '/faq', requestedPath: '//evil.example/audio-reactive' }),
    ).toBeNull();
  });
});

describe('routeFromLoginResult', () => {
  it('needs both pushRoute and a safe nextRoute', () => {
    expect(routeFromLoginResult({ pushRoute: true, nextRoute: '/media' })).toBe('/media');
    expect(routeFromLoginResult({ pushRoute: true })).toBeNull();
    expect(routeFromLoginResult({ pushRoute: true, nextRoute: 'https://evil.example' })).toBeNull();
    expect(routeFromLoginResult(null)).toBeNull();
  });
});

describe('routeAfterVerification', () => {
  it('goes to /media from an entry page and nowhere from other pages', () => {
    expect(routeAfterVerification('/')).toBe('/media');
    expect(routeAfterVerification('/login')).toBe('/media');
    expect(routeAfterVerification('/sign-up')).toBe('/media');
    expect(routeAfterVerification('/pricing')).toBeNull();
    expect(routeAfterVerification('/audio-reactive-music-visualizers')).toBeNull();
  });
});

describe('helpers', () => {
  it('cuts the query and hash off a path', () => {
    expect(pathnameOf('/a/b?c=1#d')).toBe('/a/b');
    expect(pathnameOf('/a#d')).toBe('/a');
    expect(pathnameOf('/a')).toBe('/a');
  });

  it('accepts only same-site paths', () => {
    expect(safeInternalPath('/media')).toBe('/media');
    expect(safeInternalPath('//evil.example')).toBeNull();
    expect(safeInternalPath('/\\evil.example')).toBeNull();
    expect(safeInternalPath('https://evil.example')).toBeNull();
    expect(safeInternalPath(42)).toBeNull();
  });

  it('builds the login URL with the requested path kept', () => {
    expect(loginUrlFor('/media/audio?x=1')).toBe('/login?redirect=%2Fmedia%2Faudio%3Fx%3D1');
    expect(loginUrlFor('/login')).toBe('/login');
    expect(loginUrlFor('//evil.example')).toBe('/login');
  });
});
