// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAttribution } from '../../../src/db/attribution-store';
import { getDatabase } from '../../../src/db/database';
import { createSessionStore } from '../../../src/features/session/session-store';
import { failure, fakeApi } from './fake-api';
import { renderApp, sessionDeps } from './render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

const NEW_USER = { user_uuid: 'new-1', email: 'fan@example.com', email_verified: false };

async function signUpForm() {
  const form = await screen.findByRole('form', { name: 'Sign up' });
  return {
    form,
    email: within(form).getByLabelText('Email'),
    password: within(form).getByLabelText('Password'),
    confirmation: within(form).getByLabelText('Re-type Password'),
    terms: within(form).getByRole('checkbox'),
    button: within(form).getByRole('button', { name: 'Create Account' }) as HTMLButtonElement,
  };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function filledForm(email = 'fan@example.com') {
  const fields = await signUpForm();
  type(fields.email, email);
  type(fields.password, 'secret');
  type(fields.confirmation, 'secret');
  fireEvent.click(fields.terms);
  return fields;
}

describe('sign-up tab', () => {
  it("checks the e-mail on blur: 'Email Invalid'", async () => {
    renderApp({ session: createSessionStore(sessionDeps()), path: '/sign-up' });
    const { email } = await signUpForm();
    type(email, 'fan@gmial.com');
    expect(screen.queryByText('Email Invalid')).toBeNull(); // not while typing
    fireEvent.blur(email);
    expect(await screen.findByText('Email Invalid')).toBeTruthy();
    type(email, 'fan@gmail.com');
    await waitFor(() => expect(screen.queryByText('Email Invalid')).toBeNull());
  });

  it("shows 'Min 5 characters' and 'Password Must Match'", async () => {
    renderApp({ session: createSessionStore(sessionDeps()), path: '/sign-up' });
    const { password, confirmation } = await signUpForm();
    type(password, 'abcd');
    fireEvent.blur(password);
    expect(await screen.findByText('Min 5 characters')).toBeTruthy();
    type(password, 'abcde');
    await waitFor(() => expect(screen.queryByText('Min 5 characters')).toBeNull());
    type(confirmation, 'abcdX');
    fireEvent.blur(confirmation);
    expect(await screen.findByText('Password Must Match')).toBeTruthy();
  });

  it('enables Create Account only when every field is filled and the terms are ticked', async () => {
    renderApp({ session: createSessionStore(sessionDeps()), path: '/sign-up' });
    const { email, password, confirmation, terms, button } = await signUpForm();
    expect(button.disabled).toBe(true);
    type(email, 'fan@example.com');
    type(password, 'secret');
    type(confirmation, 'secret');
    expect(button.disabled).toBe(true);
    fireEvent.click(terms);
    expect(button.disabled).toBe(false);
    fireEvent.click(terms);
    expect(button.disabled).toBe(true);
  });

  it("on submit: 'Please Enter A Valid Email' and 'You Must First Agree to the Terms of Service'", async () => {
    const api = fakeApi({});
    renderApp({ session: createSessionStore(sessionDeps()), path: '/sign-up' });
    const { form, email, password, confirmation } = await signUpForm();
    type(email, 'fan@example');
    type(password, 'secret');
    type(confirmation, 'secret');
    // Enter in a field submits the form even though the button is disabled without the terms.
    fireEvent.submit(form);
    expect(await screen.findByText('Please Enter A Valid Email')).toBeTruthy();
    expect(screen.getByText('You Must First Agree to the Terms of Service')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/sign-up')).toEqual([]);
  });

  it('opens the terms in a dialog titled Waveframe Terms of Service, with Close', async () => {
    renderApp({ session: createSessionStore(sessionDeps()), path: '/sign-up' });
    const { form, email } = await signUpForm();
    type(email, 'kept@example.com');
    fireEvent.click(within(form).getByRole('link', { name: 'Terms of Service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waveframe Terms of Service' });
    // That the link leaves the checkbox alone is checked in Chromium (tests/e2e/accounts.spec.ts):
    // happy-dom runs a label's activation even when the link's click is cancelled.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Waveframe Terms of Service' })).toBeNull(),
    );
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'kept@example.com',
    );
  });

  it('sends the stored attribution and the current path, then shows the verification step', async () => {
    const attribution = {
      landingPage: '/tools',
      referrer: 'https://blog.example/',
      landingQueryArgs: { utm_source: 'newsletter' },
      initialVisitTs: 1_700_000_000_000,
      deviceType: 'desktop' as const,
      browserName: 'Chrome',
    };
    await saveAttribution(getDatabase(), attribution);
    const api = fakeApi({ 'POST /api/auth/sign-up': { status: 201, body: { user: NEW_USER } } });
    const session = createSessionStore(sessionDeps());
    renderApp({ session, path: '/sign-up' });
    const { button } = await filledForm(' fan@example.com ');
    fireEvent.click(button);

    expect(await screen.findByRole('heading', { name: 'One Last Step' })).toBeTruthy();
    expect(screen.getByTestId('verification-email').textContent).toBe('fan@example.com');
    expect(screen.queryByRole('form', { name: 'Sign up' })).toBeNull();
    expect(api.callsTo('POST /api/auth/sign-up')[0]?.body).toEqual({
      email: 'fan@example.com',
      password1: 'secret',
      password2: 'secret',
      ingressAttribution: attribution,
      currPath: '/sign-up',
    });
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: NEW_USER });
  });

  it.each([
    [failure(403, 'EmailDomainNotPermitted'), 'Please use a different email address'],
    [failure(403, 'EmailAddressAlreadyInUse'), 'Unable to Register New Account'],
    [failure(429, 'TooManyRequests'), 'Unable to Register New Account'],
  ])('a refused sign-up (%o) says %j', async (answer, message) => {
    fakeApi({ 'POST /api/auth/sign-up': answer });
    const session = createSessionStore(sessionDeps());
    renderApp({ session, path: '/sign-up' });
    const { button } = await filledForm();
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(session.getState().status).not.toBe('signed-in');
  });
});
