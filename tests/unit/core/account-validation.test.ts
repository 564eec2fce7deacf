import { describe, expect, test } from 'vitest';
import {
  canSubmitLogin,
  canSubmitNewPassword,
  canSubmitSignUp,
  LOGIN_PASSWORD_LONGER_THAN,
  maskVerificationCode,
  MIN_PASSWORD_LENGTH,
  newPasswordError,
  passwordConfirmError,
  prepareEmailChange,
  signUpEmailBlurError,
  signUpSubmitErrors,
  VERIFICATION_CODE_LENGTH,
  verificationCodeError,
  type SignUpValues,
} from '../../../core/account-validation';

describe('spec 9 numbers', () => {
  test('login password longer than 4, sign-up minimum 5, code length 6', () => {
    expect(LOGIN_PASSWORD_LONGER_THAN).toBe(4);
    expect(MIN_PASSWORD_LENGTH).toBe(5);
    expect(VERIFICATION_CODE_LENGTH).toBe(6);
  });
});

describe('login button (spec 5)', () => {
  test.each([
    ['', 'long enough', false],
    ['   ', 'long enough', false],
    ['fan@example.com', '', false],
    ['fan@example.com', '1234', false],
    ['fan@example.com', '12345', true],
    // The login form does not run the e-mail check: any non-empty e-mail goes.
    ['not-an-address', '12345', true],
  ])('email %j, password %j: enabled %s', (email, password, enabled) => {
    expect(canSubmitLogin(email, password)).toBe(enabled);
  });
});

describe('sign-up (spec 5)', () => {
  const filled: SignUpValues = {
    email: 'fan@example.com',
    password: 'secret',
    confirmation: 'secret',
    termsAccepted: true,
  };

  test("the e-mail rule on blur gives 'Email Invalid'", () => {
    expect(signUpEmailBlurError('fan@example')).toBe('Email Invalid');
    expect(signUpEmailBlurError('fan@gmial.com')).toBe('Email Invalid');
    expect(signUpEmailBlurError(' fan@example.com ')).toBeNull();
    expect(signUpEmailBlurError('')).toBeNull();
  });

  test("a short password gives 'Min 5 characters'", () => {
    expect(newPasswordError('abcd')).toBe('Min 5 characters');
    expect(newPasswordError('abcde')).toBeNull();
    expect(newPasswordError('')).toBeNull();
  });

  test("a different confirmation gives 'Password Must Match'", () => {
    expect(passwordConfirmError('abcde', 'abcdf')).toBe('Password Must Match');
    expect(passwordConfirmError('abcde', 'abcde')).toBeNull();
    expect(passwordConfirmError('abcde', '')).toBeNull();
  });

  test('Create Account needs every field filled and the terms ticked', () => {
    expect(canSubmitSignUp(filled)).toBe(true);
    expect(canSubmitSignUp({ ...filled, email: ' ' })).toBe(false);
    expect(canSubmitSignUp({ ...filled, password: '' })).toBe(false);
    expect(canSubmitSignUp({ ...filled, confirmation: '' })).toBe(false);
    expect(canSubmitSignUp({ ...filled, termsAccepted: false })).toBe(false);
    // Filled is enough to enable it; the submit checks the rest.
    expect(canSubmitSignUp({ ...filled, email: 'x', password: 'a', confirmation: 'b' })).toBe(true);
  });

  test('a valid form has no submit errors', () => {
    expect(signUpSubmitErrors(filled)).toEqual({});
  });

  test("on submit: 'Please Enter A Valid Email' and 'You Must First Agree to the Terms of Service'", () => {
    expect(signUpSubmitErrors({ ...filled, email: 'fan@gnail.com' })).toEqual({
      email: 'Please Enter A Valid Email',
    });
    expect(signUpSubmitErrors({ ...filled, termsAccepted: false })).toEqual({
      terms: 'You Must First Agree to the Terms of Service',
    });
  });

  test('on submit the password rules hold too', () => {
    expect(signUpSubmitErrors({ ...filled, password: 'abc', confirmation: 'abc' })).toEqual({
      password: 'Min 5 characters',
    });
    expect(signUpSubmitErrors({ ...filled, confirmation: 'secreT' })).toEqual({
      confirmation: 'Password Must Match',
    });
  });
});

describe('new password (reset form)', () => {
  test('needs 5 characters and a matching confirmation', () => {
    expect(canSubmitNewPassword('abcde', 'abcde')).toBe(true);
    expect(canSubmitNewPassword('abcd', 'abcd')).toBe(false);
    expect(canSubmitNewPassword('abcde', 'abcdE')).toBe(false);
  });
});

describe('verification code (spec 5)', () => {
  test('the input is masked to 6 digits', () => {
    expect(maskVerificationCode('12a3-45 6789')).toBe('123456');
    expect(maskVerificationCode(' 042 ')).toBe('042');
    expect(maskVerificationCode('abc')).toBe('');
  });

  test("fewer than 6 characters: 'Please enter your verification code'", () => {
    expect(verificationCodeError('')).toBe('Please enter your verification code');
    expect(verificationCodeError('12345')).toBe('Please enter your verification code');
    expect(verificationCodeError('123456')).toBeNull();
  });
});

describe('e-mail change (spec 5)', () => {
  test('the value is trimmed and lowercased before the shared check', () => {
    expect(prepareEmailChange('  Fan@Example.COM ')).toEqual({
      email: 'fan@example.com',
      warning: null,
    });
  });

  test("the shared check's message is returned with the value that is still sent", () => {
    expect(prepareEmailChange(' Fan@GMIAL.com')).toEqual({
      email: 'fan@gmial.com',
      warning: 'Email contains typo',
    });
    expect(prepareEmailChange('')).toEqual({ email: '', warning: 'No Email Provided' });
    expect(prepareEmailChange('broken@')).toEqual({ email: 'broken@', warning: 'Invalid Email' });
  });
});
