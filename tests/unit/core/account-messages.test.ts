import { describe, expect, test } from 'vitest';
import {
  CODE_MESSAGES,
  codeSubmitFailureMessage,
  emailChangeFailureMessage,
  emailChangeSentMessage,
  LOGIN_MESSAGES,
  LOGOUT_MESSAGES,
  REFRESH_MESSAGES,
  RESEND_MESSAGES,
  resendFailureMessage,
  signUpFailureMessage,
} from '../../../core/account-messages';

const answer = (status: number, exc: string | null = null) => ({ status, exc });

describe('spec 8 texts', () => {
  test('login, logout, refresh, resend and code texts are word for word', () => {
    expect(LOGIN_MESSAGES).toEqual({
      failed: 'Email and/or Password Invalid',
      welcome: 'Welcome Back!',
    });
    expect(LOGOUT_MESSAGES).toEqual({
      done: 'You Have Logged Out',
      failed: 'There was an issue logging you out',
    });
    expect(REFRESH_MESSAGES).toEqual({
      verified: 'Your Email Has Been Verified',
      notYet: 'Email not yet verified',
      failed: 'Unable to fetch verification status',
    });
    expect(RESEND_MESSAGES.sent).toBe('Another verification email was sent to your inbox');
    expect(CODE_MESSAGES.verified).toBe('Email Verified!');
  });
});

describe('sign-up failures', () => {
  test.each([
    [answer(403, 'EmailDomainNotPermitted'), 'Please use a different email address'],
    [answer(403, 'EmailAddressAlreadyInUse'), 'Unable to Register New Account'],
    [answer(403, 'InvalidEmail'), 'Unable to Register New Account'],
    [answer(400, 'InvalidData'), 'Unable to Register New Account'],
    [answer(429, 'TooManyRequests'), 'Unable to Register New Account'],
    [answer(500, 'ServerError'), 'Unable to Register New Account'],
    [answer(0), null],
  ])('%o gives %j', (failure, message) => {
    expect(signUpFailureMessage(failure)).toBe(message);
  });
});

describe('code submit failures', () => {
  test.each([
    [answer(429), 'Wait a few seconds then try again'],
    [answer(403, 'CodeInvalid'), 'The Code You Entered Is Invalid'],
    [answer(403, 'CodeExpired'), 'Code Expired. Request a new verification email'],
    [answer(403, 'CSRFFailed'), 'Error Submitting Code'],
    [answer(401, 'NotAuthenticated'), 'Error Submitting Code'],
    [answer(400, 'CodeInvalid'), 'Error Submitting Code'],
    [answer(0), 'Error Submitting Code'],
  ])('%o gives %j', (failure, message) => {
    expect(codeSubmitFailureMessage(failure)).toBe(message);
  });
});

describe('e-mail change', () => {
  test.each([
    [answer(429), 'Wait a few seconds then try again'],
    [answer(403, 'InvalidEmail'), 'Invalid Email Address.'],
    [answer(403, 'EmailAddressAlreadyInUse'), 'Email Address already registered'],
    [answer(403, 'EmailDomainNotPermitted'), 'Please use a different email address'],
    [answer(403, 'InvalidData'), 'Please provide a valid email address'],
    [answer(403, 'AlreadyVerified'), 'Error resetting email'],
    [answer(409, 'AlreadyVerified'), 'Error resetting email'],
    [answer(0), 'Error resetting email'],
  ])('%o gives %j', (failure, message) => {
    expect(emailChangeFailureMessage(failure)).toBe(message);
  });

  test('success names the address', () => {
    expect(emailChangeSentMessage('fan@example.com')).toBe(
      'Sent Verification Email to fan@example.com',
    );
  });
});

describe('resend failures', () => {
  test.each([
    [answer(429), 'Wait a few seconds then try again'],
    [answer(409, 'AlreadyVerified'), 'There was an error resending your email'],
    [answer(500, 'ServerError'), 'There was an error resending your email'],
    [answer(0), 'Error re-sending your email.'],
  ])('%o gives %j', (failure, message) => {
    expect(resendFailureMessage(failure)).toBe(message);
  });
});
