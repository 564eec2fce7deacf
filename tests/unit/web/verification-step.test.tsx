// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../src/features/session/session-store';
import { memoryUserRecordStorage } from '../../../src/features/session/stored-user';
import { failure, fakeApi, type FakeRoute } from './fake-api';
import { renderApp, sessionDeps } from './render-app';

const UNVERIFIED = { user_uuid: 'u-1', email: 'fan@example.com', email_verified: false };
const VERIFIED = { ...UNVERIFIED, email_verified: true };

beforeEach(() => {
  // Timers run on their own (the screens need them) and can be moved on by hand.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

function renderStep(routes: Record<string, FakeRoute>, path = '/account/email-verification') {
  const api = fakeApi(routes);
  const session = createSessionStore(
    sessionDeps({ userRecord: memoryUserRecordStorage(UNVERIFIED) }),
    { status: 'signed-in', user: UNVERIFIED },
  );
  const view = renderApp({ session, path });
  return { api, session, ...view };
}

async function codeForm() {
  const form = await screen.findByRole('form', { name: 'Verification code' });
  return {
    input: within(form).getByLabelText('Verification Code') as HTMLInputElement,
    submit: within(form).getByRole('button', { name: 'Submit Code' }),
  };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** Lets whole seconds pass, one at a time: each tick of the countdown schedules the next. */
function passSeconds(seconds: number) {
  for (let i = 0; i < seconds; i++) act(() => vi.advanceTimersByTime(1000));
}

describe('verification step', () => {
  it('shows the headline and the address the code went to', async () => {
    renderStep({});
    expect(await screen.findByRole('heading', { name: 'One Last Step' })).toBeTruthy();
    expect(screen.getByTestId('verification-email').textContent).toBe('fan@example.com');
  });

  it('masks the code to 6 digits and asks for all of them', async () => {
    const { api } = renderStep({});
    const { input, submit } = await codeForm();
    type(input, '12a3-4');
    expect(input.value).toBe('1234');
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter your verification code')).toBeTruthy();
    expect(api.callsTo('POST /api/account/verify-email-code')).toEqual([]);
    type(input, '1234567890');
    expect(input.value).toBe('123456');
  });

  it.each([
    [failure(403, 'CodeInvalid'), 'The Code You Entered Is Invalid'],
    [failure(403, 'CodeExpired'), 'Code Expired. Request a new verification email'],
    [failure(429, 'TooManyRequests'), 'Wait a few seconds then try again'],
    [failure(403, 'CSRFFailed'), 'Error Submitting Code'],
    [null, 'Error Submitting Code'],
  ])('a refused code (%o) says %j', async (answer, message) => {
    renderStep({ 'POST /api/account/verify-email-code': answer });
    const { input, submit } = await codeForm();
    type(input, '000000');
    fireEvent.click(submit);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("a right code: 'Email Verified!', the session user is verified, /sign-up moves to /media", async () => {
    const { api, session, router } = renderStep(
      { 'POST /api/account/verify-email-code': { body: { user: VERIFIED } } },
      '/sign-up',
    );
    const { input, submit } = await codeForm();
    type(input, '123456');
    fireEvent.click(submit);
    expect(await screen.findByText('Email Verified!')).toBeTruthy();
    expect(api.callsTo('POST /api/account/verify-email-code')[0]?.body).toEqual({
      verification_code: '123456',
    });
    expect(session.getState().user?.email_verified).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/media'));
  });

  it('verifying on another page stays there', async () => {
    const { router } = renderStep({
      'POST /api/account/verify-email-code': { body: { user: VERIFIED } },
    });
    const { input, submit } = await codeForm();
    type(input, '123456');
    fireEvent.click(submit);
    expect(await screen.findByText('Email Verified!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/email-verification');
    expect(await screen.findByRole('link', { name: 'Go to My Media' })).toBeTruthy();
  });

  it("the toggle reads 'Mistyped Your Email?' then 'Enter Code'; a warning shows, the request still goes", async () => {
    const { api, session } = renderStep({
      'POST /api/account/change-sign-in-email': (call) => {
        const email = (call.body as { new_email: string }).new_email;
        return email.includes('gmial')
          ? failure(403, 'InvalidEmail')
          : { body: { user: { ...UNVERIFIED, email } } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mistyped Your Email?' }));
    const form = await screen.findByRole('form', { name: 'Change email' });
    expect(screen.getByRole('button', { name: 'Enter Code' })).toBeTruthy();

    const field = within(form).getByLabelText('Email Address');
    type(field, '  Fan@GMIAL.com ');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Email contains typo')).toBeTruthy();
    expect(await screen.findByText('Invalid Email Address.')).toBeTruthy();
    expect(api.callsTo('POST /api/account/change-sign-in-email')[0]?.body).toEqual({
      new_email: 'fan@gmial.com',
    });

    type(field, 'Fixed@Example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Sent Verification Email to fixed@example.com')).toBeTruthy();
    expect(session.getState().user?.email).toBe('fixed@example.com');
    // Back to the code, sent to the new address.
    await codeForm();
    expect(screen.getByTestId('verification-email').textContent).toBe('fixed@example.com');
  });

  it.each([
    [failure(403, 'EmailAddressAlreadyInUse'), 'Email Address already registered'],
    [failure(403, 'EmailDomainNotPermitted'), 'Please use a different email address'],
    [failure(403, 'InvalidData'), 'Please provide a valid email address'],
    [failure(429, 'TooManyRequests'), 'Wait a few seconds then try again'],
    [failure(500, 'ServerError'), 'Error resetting email'],
  ])('a refused e-mail change (%o) says %j', async (answer, message) => {
    renderStep({ 'POST /api/account/change-sign-in-email': answer });
    fireEvent.click(await screen.findByRole('button', { name: 'Mistyped Your Email?' }));
    const form = await screen.findByRole('form', { name: 'Change email' });
    type(within(form).getByLabelText('Email Address'), 'other@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it.each([
    [{ body: { user: UNVERIFIED } }, 'Email not yet verified'],
    [{ body: { user: VERIFIED } }, 'Your Email Has Been Verified'],
    [failure(401, 'NotAuthenticated'), 'Unable to fetch verification status'],
  ])('refresh (%o) says %j', async (answer, message) => {
    renderStep({ 'GET /api/account/refresh-email-verification': answer });
    fireEvent.click(await screen.findByRole('button', { name: 'I Clicked the Link' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('Resend Email waits 60 s, counting down each second, and again after a resend', async () => {
    const { api } = renderStep({ 'POST /api/account/resend-email-verification': {} });
    fireEvent.click(await screen.findByRole('button', { name: "Didn't receive an email?" }));
    expect(await screen.findByText(/may take a few minutes/)).toBeTruthy();
    expect(screen.getByText(/after five minutes/)).toBeTruthy();
    const resend = screen.getByRole('button', { name: 'Resend Email' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(screen.getByText('Resend available in 60 seconds')).toBeTruthy();

    passSeconds(1);
    expect(screen.getByText('Resend available in 59 seconds')).toBeTruthy();
    passSeconds(57);
    expect(screen.getByText('Resend available in 2 seconds')).toBeTruthy();
    passSeconds(2);
    expect(screen.queryByText(/Resend available in/)).toBeNull();
    expect(resend.disabled).toBe(false);

    fireEvent.click(resend);
    expect(
      await screen.findByText('Another verification email was sent to your inbox'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/account/resend-email-verification')).toHaveLength(1);
    expect(screen.getByText('Resend available in 60 seconds')).toBeTruthy();
    expect(resend.disabled).toBe(true);
  });

  it('an e-mail change starts the 60 s again', async () => {
    renderStep({
      'POST /api/account/change-sign-in-email': {
        body: { user: { ...UNVERIFIED, email: 'fixed@example.com' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: "Didn't receive an email?" }));
    passSeconds(30);
    expect(screen.getByText('Resend available in 30 seconds')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mistyped Your Email?' }));
    const form = await screen.findByRole('form', { name: 'Change email' });
    type(within(form).getByLabelText('Email Address'), 'fixed@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Resend available in 60 seconds')).toBeTruthy();
  });

  it.each([
    [failure(429, 'TooManyRequests'), 'Wait a few seconds then try again'],
    [failure(409, 'AlreadyVerified'), 'There was an error resending your email'],
    [null, 'Error re-sending your email.'],
  ])('a failed resend (%o) says %j', async (answer, message) => {
    renderStep({ 'POST /api/account/resend-email-verification': answer });
    fireEvent.click(await screen.findByRole('button', { name: "Didn't receive an email?" }));
    passSeconds(60);
    fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
