// The account forms' rules of spec section 5 and their numbers from spec section 9.
import { checkEmail, normalizeEmail } from './email-check';

/** The login button needs a password longer than this many characters. */
export const LOGIN_PASSWORD_LONGER_THAN = 4;

/** A new password (sign-up, reset) has at least this many characters. */
export const MIN_PASSWORD_LENGTH = 5;

/** Verification and deletion codes have exactly this many digits. */
export const VERIFICATION_CODE_LENGTH = 6;

export const SIGN_UP_MESSAGES = {
  emailInvalid: 'Email Invalid',
  passwordTooShort: 'Min 5 characters',
  passwordMismatch: 'Password Must Match',
  emailOnSubmit: 'Please Enter A Valid Email',
  termsNotAccepted: 'You Must First Agree to the Terms of Service',
} as const;

export const VERIFICATION_CODE_MISSING = 'Please enter your verification code';

/** Whether the LOGIN button is enabled: an e-mail and a password longer than 4 characters. */
export function canSubmitLogin(email: string, password: string): boolean {
  return email.trim().length > 0 && password.length > LOGIN_PASSWORD_LONGER_THAN;
}

/** The sign-up e-mail field's message on blur: 'Email Invalid' when the shared check fails. */
export function signUpEmailBlurError(email: string): string | null {
  const value = email.trim();
  if (value.length === 0) return null; // nothing typed yet: nothing to correct
  return checkEmail(value) === null ? null : SIGN_UP_MESSAGES.emailInvalid;
}

/** 'Min 5 characters' for a typed password that is too short. */
export function newPasswordError(password: string): string | null {
  return password.length > 0 && password.length < MIN_PASSWORD_LENGTH
    ? SIGN_UP_MESSAGES.passwordTooShort
    : null;
}

/** 'Password Must Match' when a typed confirmation differs from the password. */
export function passwordConfirmError(password: string, confirmation: string): string | null {
  return confirmation.length > 0 && confirmation !== password
    ? SIGN_UP_MESSAGES.passwordMismatch
    : null;
}

export interface SignUpValues {
  email: string;
  password: string;
  confirmation: string;
  termsAccepted: boolean;
}

export type SignUpErrors = Partial<
  Record<'email' | 'password' | 'confirmation' | 'terms', string | null>
>;

/** Whether Create Account is enabled: every field filled and the terms ticked. */
export function canSubmitSignUp(values: SignUpValues): boolean {
  return (
    values.email.trim().length > 0 &&
    values.password.length > 0 &&
    values.confirmation.length > 0 &&
    values.termsAccepted
  );
}

/** The messages a sign-up submit shows; an empty object means the form may be sent. */
export function signUpSubmitErrors(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  if (checkEmail(values.email.trim()) !== null) errors.email = SIGN_UP_MESSAGES.emailOnSubmit;
  if (values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = SIGN_UP_MESSAGES.passwordTooShort;
  }
  if (values.confirmation !== values.password) {
    errors.confirmation = SIGN_UP_MESSAGES.passwordMismatch;
  }
  if (!values.termsAccepted) errors.terms = SIGN_UP_MESSAGES.termsNotAccepted;
  return errors;
}

/** Whether a new password and its confirmation may be sent (reset-password form). */
export function canSubmitNewPassword(password: string, confirmation: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && confirmation === password;
}

/** The code input's mask: digits only, at most 6 of them. */
export function maskVerificationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

/** 'Please enter your verification code' until the code has 6 characters. */
export function verificationCodeError(code: string): string | null {
  return code.length < VERIFICATION_CODE_LENGTH ? VERIFICATION_CODE_MISSING : null;
}

/**
 * A new sign-in address as it is sent: trimmed and lowercased. `warning` is the shared check's
 * message; it is shown, but the request is still sent (the server has the last word).
 */
export function prepareEmailChange(input: string): { email: string; warning: string | null } {
  const email = normalizeEmail(input);
  return { email, warning: checkEmail(email) };
}
