// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanResponse } from '../../../src/api/types';
import { createSessionStore } from '../../../src/features/session/session-store';
import { renderApp, sessionDeps, setLayoutWidth, signedInSession } from './render-app';

const FREE_PLAN: PlanResponse = {
  plan: 'free_tier',
  viz_credits: -1,
  canvas_credits: 12_000,
  canvas_credits_free: 345,
  billing_status: 'active',
};
const PREMIUM_PLAN: PlanResponse = { ...FREE_PLAN, plan: 'plan_tier_one_nov_promo' };
const PAST_DUE_PLAN: PlanResponse = { ...PREMIUM_PLAN, billing_status: 'past_due' };

afterEach(() => {
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

async function openAccountMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'My Account' }));
  const menu = await screen.findByRole('menu');
  // Items become accessible once the opening transition has run.
  await within(menu).findByRole('menuitem', { name: 'Logout' });
  return menu;
}

async function openDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
  return screen.findByRole('dialog', { name: 'Waveframe navigation' });
}

describe('signed-in top bar, wide layout', () => {
  it('has a My Account menu with media, profile, credits and logout', async () => {
    setLayoutWidth(1280);
    renderApp({ session: signedInSession(FREE_PLAN) });
    const menu = await openAccountMenu();

    expect(within(menu).getByRole('menuitem', { name: 'My Media' }).getAttribute('href')).toBe(
      '/media',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' }).getAttribute('href')).toBe(
      '/account',
    );
    // -1 visualizer credits is unlimited; 12000 + 345 canvas credits is 12k+.
    expect(within(menu).getByRole('menuitem', { name: 'Visualizer Credits: ∞' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Canvas Quota: 12k+' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    expect(within(menu).getByText('artist@example.com')).toBeTruthy();

    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
  });

  it('shows Upgrade to a free_tier user once the plan was refreshed', async () => {
    setLayoutWidth(1280);
    renderApp({ session: signedInSession(FREE_PLAN) });
    const upgrade = await screen.findByRole('link', { name: 'Upgrade' });
    expect(upgrade.getAttribute('href')).toBe('/pricing');
  });

  it('hides Upgrade from premium users and before a plan refresh', async () => {
    setLayoutWidth(1280);
    const { unmount } = renderApp({ session: signedInSession(PREMIUM_PLAN) });
    await screen.findByRole('button', { name: 'My Account' });
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    unmount();

    renderApp({ session: signedInSession(null) });
    await screen.findByRole('button', { name: 'My Account' });
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('shows a warning icon leading to /account/plan when the plan is past due', async () => {
    setLayoutWidth(1280);
    const { unmount } = renderApp({ session: signedInSession(PAST_DUE_PLAN) });
    const warning = await screen.findByRole('link', { name: 'Payment issue: review your plan' });
    expect(warning.getAttribute('href')).toBe('/account/plan');
    unmount();

    renderApp({ session: signedInSession(PREMIUM_PLAN) });
    await screen.findByRole('button', { name: 'My Account' });
    expect(screen.queryByRole('link', { name: 'Payment issue: review your plan' })).toBeNull();
  });

  it('sends Music Visualizers to the visualizers page when the user has some', async () => {
    setLayoutWidth(1280);
    const { unmount } = renderApp({
      session: signedInSession(FREE_PLAN, { visualizers: [{ upload_uuid: 'v1' }] }),
    });
    expect(
      (await screen.findByRole('link', { name: 'Music Visualizers' })).getAttribute('href'),
    ).toBe('/audio-reactive-music-visualizers');
    unmount();

    renderApp({ session: signedInSession(FREE_PLAN) });
    expect(
      (await screen.findByRole('link', { name: 'Music Visualizers' })).getAttribute('href'),
    ).toBe('/music-visualizer-creator');
  });

  it('links the release kit and the lyrics editor after the other creators, or first in More', async () => {
    const navLinks = async () =>
      within(await screen.findByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    const SPEC_LINKS = [
      ['Music Visualizers', '/music-visualizer-creator'],
      ['Static Music Videos', '/single-frame-music-video-templates'],
      ['Spotify Canvas Videos', '/spotify-canvas-video-templates'],
    ];
    setLayoutWidth(1440);
    const { unmount } = renderApp({ session: signedInSession(FREE_PLAN) });
    expect(await navLinks()).toEqual([
      ...SPEC_LINKS,
      ['Release Kits', '/release-kit-creator'],
      ['Timed Lyrics', '/lyrics-editor'],
      ['Upgrade', '/pricing'],
    ]);
    unmount();
    vi.restoreAllMocks();

    // Too narrow for them in the bar: first in the More menu.
    setLayoutWidth(1280);
    renderApp({ session: signedInSession(FREE_PLAN) });
    expect(await navLinks()).toEqual([...SPEC_LINKS, ['Upgrade', '/pricing']]);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: 'FAQ' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent, item.getAttribute('href')]),
    ).toEqual([
      ['Release Kits', '/release-kit-creator'],
      ['Timed Lyrics', '/lyrics-editor'],
      ['FAQ', '/faq'],
      ['Support', '/support'],
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ]);
  });

  it('logs out to /login with a toast', async () => {
    setLayoutWidth(1280);
    const logOut = vi.fn(() => Promise.resolve({}));
    const session = signedInSession(FREE_PLAN, {}, { logOut });
    const { router } = renderApp({ session, path: '/faq' });
    const menu = await openAccountMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('You Have Logged Out')).toBeTruthy();
    expect(logOut).toHaveBeenCalledOnce();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.getState().status).toBe('signed-out');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('says so when logging out fails, and stays signed in', async () => {
    setLayoutWidth(1280);
    const session = signedInSession(
      FREE_PLAN,
      {},
      { logOut: vi.fn(() => Promise.reject(new Error('down'))) },
    );
    const { router } = renderApp({ session, path: '/faq' });
    const menu = await openAccountMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('There was an issue logging you out')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/faq');
    expect(session.getState().status).toBe('signed-in');
  });
});

describe('signed-in drawer, narrow layout', () => {
  it('shows My Media, My Profile, credits, Upgrade, Issue Detected and Logout', async () => {
    setLayoutWidth(800);
    renderApp({
      session: signedInSession({ ...FREE_PLAN, billing_status: 'past_due', viz_credits: 0 }),
    });
    expect(screen.queryByRole('button', { name: 'My Account' })).toBeNull();
    const drawer = await openDrawer();

    expect(within(drawer).getByRole('link', { name: 'My Media' }).getAttribute('href')).toBe(
      '/media',
    );
    expect(within(drawer).getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe(
      '/account',
    );
    const credits = within(drawer).getByTestId('drawer-credits');
    expect(credits.textContent).toContain('Visualizer Credits0');
    expect(credits.textContent).toContain('Canvas Quota12k+');
    expect(within(drawer).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(within(drawer).getByRole('link', { name: 'Issue Detected' }).getAttribute('href')).toBe(
      '/account/plan',
    );
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Login' })).toBeNull();
    // The creators of the user's own tracks, with the other creators.
    expect(within(drawer).getByRole('link', { name: 'Release Kits' }).getAttribute('href')).toBe(
      '/release-kit-creator',
    );
    expect(within(drawer).getByRole('link', { name: 'Timed Lyrics' }).getAttribute('href')).toBe(
      '/lyrics-editor',
    );
  });

  it('leaves out Issue Detected and Upgrade for a premium plan in good standing', async () => {
    setLayoutWidth(800);
    renderApp({ session: signedInSession(PREMIUM_PLAN) });
    const drawer = await openDrawer();
    expect(within(drawer).getByRole('link', { name: 'My Media' })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Issue Detected' })).toBeNull();
    expect(within(drawer).queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });
});

describe('signed-out top bar', () => {
  it('shows Create Account and Login when wide, Login and Sign Up in the drawer when narrow', async () => {
    setLayoutWidth(1280);
    const { unmount } = renderApp({ session: createSessionStore(sessionDeps()) });
    expect((await screen.findByRole('link', { name: 'Create Account' })).getAttribute('href')).toBe(
      '/sign-up',
    );
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'My Account' })).toBeNull();
    // Release Kits and Timed Lyrics need an account: signed out they would only lead to login.
    expect(screen.queryByRole('link', { name: 'Release Kits' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Timed Lyrics' })).toBeNull();
    unmount();
    vi.restoreAllMocks();

    setLayoutWidth(390);
    renderApp({ session: createSessionStore(sessionDeps()) });
    const drawer = await openDrawer();
    expect(within(drawer).getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe(
      '/sign-up',
    );
    expect(within(drawer).queryByRole('link', { name: 'My Media' })).toBeNull();
    expect(within(drawer).queryByRole('link', { name: 'Release Kits' })).toBeNull();
  });
});
