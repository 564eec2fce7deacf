// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_ENDS } from '../../../src/features/account';
import { createSessionStore } from '../../../src/features/session/session-store';
import { failure, fakeApi } from './fake-api';
import { renderApp, SAMPLE_USER, sessionDeps, setLayoutWidth, signedInSession } from './render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('reset password', () => {
  it('sends token, passwordOne and passwordTwo, ends the session and goes to /login', async () => {
    const api = fakeApi({ 'POST /api/account/reset-password': { body: { ok: true } } });
    const clearCachedData = vi.fn(() => Promise.resolve());
    const session = signedInSession(null, {}, { clearCachedData });
    const { router } = renderApp({ session, path: '/account/reset-password?token=abc%2Fdef' });
    const form = await screen.findByRole('form', { name: 'Reset password' });
    const save = within(form).getByRole('button', { name: 'Save New Password' });
    type(within(form).getByLabelText('New Password'), 'brand new');
    type(within(form).getByLabelText('Re-type New Password'), 'brand ne');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    type(within(form).getByLabelText('Re-type New Password'), 'brand new');
    fireEvent.click(save);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST /api/account/reset-password')[0]?.body).toEqual({
      token: 'abc/def',
      passwordOne: 'brand new',
      passwordTwo: 'brand new',
    });
    expect(session.getState().status).toBe('signed-out');
    expect(clearCachedData).toHaveBeenCalled();
  });

  it('says when the link is no longer valid', async () => {
    fakeApi({ 'POST /api/account/reset-password': failure(403, 'CodeExpired') });
    renderApp({
      session: createSessionStore(sessionDeps()),
      path: '/account/reset-password?token=t',
    });
    const form = await screen.findByRole('form', { name: 'Reset password' });
    type(within(form).getByLabelText('New Password'), 'brand new');
    type(within(form).getByLabelText('Re-type New Password'), 'brand new');
    fireEvent.click(within(form).getByRole('button', { name: 'Save New Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This reset link is no longer valid',
    );
  });
});

describe('the mailed verification link', () => {
  it('verifies once, even when the screen mounts twice, and updates a signed-in session', async () => {
    const unverified = { ...SAMPLE_USER, email_verified: false };
    const api = fakeApi({ 'POST /api/account/verify-email': { body: { user: SAMPLE_USER } } });
    const session = signedInSession(null, { user: unverified });
    const first = renderApp({ session, path: '/account/email-verification?token=once-1' });
    expect(await screen.findByText('Your Email Has Been Verified')).toBeTruthy();
    first.unmount();
    renderApp({ session, path: '/account/email-verification?token=once-1' });
    expect(await screen.findByText('Your Email Has Been Verified')).toBeTruthy();
    expect(api.callsTo('POST /api/account/verify-email')).toHaveLength(1);
    expect(session.getState().user?.email_verified).toBe(true);
  });

  it("says 'Code Expired. Request a new verification email' for a used link", async () => {
    fakeApi({ 'POST /api/account/verify-email': failure(403, 'CodeExpired') });
    renderApp({
      session: createSessionStore(sessionDeps()),
      path: '/account/email-verification?token=used-1',
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Code Expired. Request a new verification email',
    );
  });
});

describe('e-mail preferences', () => {
  it('asks a signed-out visitor to log in, with the login panel', async () => {
    renderApp({
      session: createSessionStore(sessionDeps(), { status: 'signed-out' }),
      path: '/account/modify-email-prefs',
    });
    expect(await screen.findByText('Log in to choose which emails you receive.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('saves the two switches and goes to the success page', async () => {
    const api = fakeApi({
      'GET /api/account/profile': {
        body: {
          ...SAMPLE_USER,
          username: null,
          full_name: null,
          email_prefs: { productNews: true, renderFinished: true },
        },
      },
      'PUT /api/account/email-prefs': { body: {} },
    });
    const { router } = renderApp({
      session: signedInSession(null),
      path: '/account/modify-email-prefs',
    });
    const news = await screen.findByRole('switch', { name: /Product news/ });
    fireEvent.click(news);
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/account/modify-email-prefs-success'),
    );
    expect(api.callsTo('PUT /api/account/email-prefs')[0]?.body).toEqual({
      productNews: false,
      renderFinished: true,
    });
  });
});

describe('the Login dialog', () => {
  it('logs in on a page that is not an entry page: the dialog closes and the page stays', async () => {
    setLayoutWidth(1280);
    fakeApi({ 'POST /api/auth/log-in': { body: { user: SAMPLE_USER } } });
    const session = createSessionStore(sessionDeps());
    const { router } = renderApp({ session, path: '/faq' });
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    type(within(dialog).getByLabelText('Email'), 'artist@example.com');
    type(within(dialog).getByLabelText('Password'), 'right password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByText('Welcome Back!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log In' })).toBeNull());
    expect(router.state.location.pathname).toBe('/faq');
    expect(await screen.findByRole('button', { name: 'My Account' })).toBeTruthy();
  });
});

describe('deleting the account', () => {
  const PROVIDER_DOWN =
    'Your subscription could not be cancelled with Stripe just now, so your account has not been deleted. Try again in a few minutes.';

  it('says a paid plan is cancelled at once before the code is asked for, and shows why nothing was deleted when the provider is away', async () => {
    const api = fakeApi({
      'GET /api/account/check-account-deletion-status': {
        body: { pending: false, expires_at: null },
      },
      'POST /api/account/request-account-deletion': {
        body: { pending: true, expires_at: new Date(Date.now() + 3_600_000).toISOString() },
      },
      'DELETE /api/account/confirm-account-deletion': failure(
        502,
        'ProviderUnavailable',
        PROVIDER_DOWN,
      ),
    });
    renderApp({ session: signedInSession(null), path: '/account/permanently-delete' });
    const ask = await screen.findByRole('button', { name: 'Email Me a Deletion Code' });
    expect(screen.getByTestId('deletion-subscription').textContent).toBe(SUBSCRIPTION_ENDS);
    fireEvent.click(ask);
    const form = await screen.findByRole('form', { name: 'Confirm deletion' });
    type(within(form).getByLabelText('Deletion Code'), '123456');
    fireEvent.click(within(form).getByRole('button', { name: 'Permanently Delete Account' }));
    expect(await screen.findByText(PROVIDER_DOWN)).toBeTruthy();
    expect(api.callsTo('DELETE /api/account/confirm-account-deletion')[0]?.body).toEqual({
      deletion_code: '123456',
    });
    // Still here, able to try again.
    expect(screen.getByRole('form', { name: 'Confirm deletion' })).toBeTruthy();
  });
});
