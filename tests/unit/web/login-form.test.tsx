// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../src/features/session/session-store';
import { failure, fakeApi } from './fake-api';
import { renderApp, SAMPLE_USER, sessionDeps } from './render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

const signedOut = (overrides: Parameters<typeof sessionDeps>[0] = {}) =>
  createSessionStore(sessionDeps(overrides));

async function loginForm() {
  const form = await screen.findByRole('form', { name: 'Log in' });
  return {
    form,
    email: within(form).getByLabelText('Email'),
    password: within(form).getByLabelText('Password'),
    button: within(form).getByRole('button', { name: 'LOGIN' }) as HTMLButtonElement,
  };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('login tab', () => {
  it('shows LOG IN first and Sign Up second', async () => {
    renderApp({ session: signedOut(), path: '/login' });
    await loginForm();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['LOG IN', 'Sign Up']);
    expect(screen.getByRole('tab', { name: 'LOG IN' }).getAttribute('aria-selected')).toBe('true');
  });

  it('enables LOGIN only with an e-mail and a password longer than 4 characters', async () => {
    renderApp({ session: signedOut(), path: '/login' });
    const { email, password, button } = await loginForm();
    expect(button.disabled).toBe(true);
    type(password, '12345');
    expect(button.disabled).toBe(true); // no e-mail yet
    type(email, 'fan@example.com');
    expect(button.disabled).toBe(false);
    type(password, '1234');
    expect(button.disabled).toBe(true);
    type(password, '12345');
    expect(button.disabled).toBe(false);
  });

  it('on a failure shows the warning and Forgot Password?, and a 401 calls logout', async () => {
    const api = fakeApi({
      'POST /api/auth/log-in': failure(401, 'InvalidCredentials'),
    });
    const logOut = vi.fn(() => Promise.resolve({ ok: true }));
    renderApp({ session: signedOut({ logOut }), path: '/login' });
    const { email, password, button } = await loginForm();
    expect(screen.queryByRole('link', { name: 'Forgot Password?' })).toBeNull();
    type(email, 'fan@example.com');
    type(password, 'wrong password');
    fireEvent.click(button);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email and/or Password Invalid');
    const forgot = screen.getByRole('link', { name: 'Forgot Password?' });
    expect(forgot.getAttribute('href')).toBe('/forgot-password');
    expect(logOut).toHaveBeenCalledOnce();
    expect(api.callsTo('POST /api/auth/log-in')[0]?.body).toMatchObject({
      email: 'fan@example.com',
      password: 'wrong password',
      currPath: '/login',
    });

    // The warning closes.
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toBeTruthy();
  });

  it('a 429 shows the same warning, without a logout call', async () => {
    fakeApi({ 'POST /api/auth/log-in': failure(429, 'TooManyRequests') });
    const logOut = vi.fn(() => Promise.resolve({ ok: true }));
    renderApp({ session: signedOut({ logOut }), path: '/login' });
    const { email, password, button } = await loginForm();
    type(email, 'fan@example.com');
    type(password, 'whatever');
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Email and/or Password Invalid',
    );
    expect(logOut).not.toHaveBeenCalled();
  });

  it('welcomes back and goes from /login to /media, even with ?redirect= of a non-returnable page', async () => {
    fakeApi({ 'POST /api/auth/log-in': { body: { user: SAMPLE_USER } } });
    const session = createSessionStore(
      sessionDeps({ fetchCurrentUser: () => Promise.resolve({ user: SAMPLE_USER }) }),
    );
    const { router } = renderApp({ session, path: '/login?redirect=%2Faccount%2Fplan' });
    const { email, password, button } = await loginForm();
    type(email, 'artist@example.com');
    type(password, 'right password');
    fireEvent.click(button);
    expect(await screen.findByText('Welcome Back!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/media'));
    expect(session.getState().user).toEqual(SAMPLE_USER);
  });

  it('returns to a requested visualizer page after the login', async () => {
    fakeApi({ 'POST /api/auth/log-in': { body: { user: SAMPLE_USER } } });
    const session = createSessionStore(
      sessionDeps({ fetchCurrentUser: () => Promise.resolve({ user: SAMPLE_USER }) }),
    );
    const requested = '/audio-reactive-music-visualizers/progress/v1';
    const { router } = renderApp({
      session,
      path: `/login?redirect=${encodeURIComponent(requested)}`,
    });
    const { email, password, button } = await loginForm();
    type(email, 'artist@example.com');
    type(password, 'right password');
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe(requested));
  });

  it('follows pushRoute and nextRoute: an unverified account goes to the verification step', async () => {
    const unverified = { ...SAMPLE_USER, email_verified: false };
    fakeApi({
      'POST /api/auth/log-in': {
        body: { user: unverified, pushRoute: true, nextRoute: '/account/email-verification' },
      },
    });
    const { router } = renderApp({ session: signedOut(), path: '/login' });
    const { email, password, button } = await loginForm();
    type(email, 'artist@example.com');
    type(password, 'right password');
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/email-verification'));
    expect(await screen.findByRole('heading', { name: 'One Last Step' })).toBeTruthy();
  });

  it('switching to Sign Up on /login goes to /sign-up and keeps ?redirect=', async () => {
    const { router } = renderApp({ session: signedOut(), path: '/login?redirect=%2Fmedia' });
    await loginForm();
    fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(router.state.location.search).toEqual({ redirect: '/media' });
    expect(await screen.findByRole('form', { name: 'Sign up' })).toBeTruthy();
  });
});
