// The account flows' messages of spec section 8, word for word, and which failure shows which.

/** What the messages need to know about a failed call: HTTP status (0: no answer) and `exc`. */
export interface CallFailure {
  status: number;
  exc: string | null;
}

export const LOGIN_MESSAGES = {
  failed: 'Email and/or Password Invalid',
  welcome: 'Welcome Back!',
} as const;

export const LOGOUT_MESSAGES = {
  done: 'You Have Logged Out',
  failed: 'There was an issue logging you out',
} as const;

export const SIGN_UP_FAILURE_MESSAGES = {
  domainNotPermitted: 'Please use a different email address',
  other: 'Unable to Register New Account',
} as const;

/** Shown for any 429 of the verification step. */
export const WAIT_AND_RETRY = 'Wait a few seconds then try again';

export const CODE_MESSAGES = {
  verified: 'Email Verified!',
  invalid: 'The Code You Entered Is Invalid',
  expired: 'Code Expired. Request a new verification email',
  other: 'Error Submitting Code',
} as const;

export const EMAIL_CHANGE_MESSAGES = {
  invalidEmail: 'Invalid Email Address.',
  inUse: 'Email Address already registered',
  domainNotPermitted: 'Please use a different email address',
  invalidData: 'Please provide a valid email address',
  other: 'Error resetting email',
} as const;

export const REFRESH_MESSAGES = {
  verified: 'Your Email Has Been Verified',
  notYet: 'Email not yet verified',
  failed: 'Unable to fetch verification status',
} as const;

export const RESEND_MESSAGES = {
  sent: 'Another verification email was sent to your inbox',
  failedWithResponse: 'There was an error resending your email',
  failedWithoutResponse: 'Error re-sending your email.',
} as const;

const is403 = (failure: CallFailure, exc: string) => failure.status === 403 && failure.exc === exc;

/**
 * The sign-up failure message: a refused domain, or any other answered failure. Null when no
 * answer came back (the spec names no message for that case).
 */
export function signUpFailureMessage(failure: CallFailure): string | null {
  if (failure.exc === 'EmailDomainNotPermitted') return SIGN_UP_FAILURE_MESSAGES.domainNotPermitted;
  return failure.status > 0 ? SIGN_UP_FAILURE_MESSAGES.other : null;
}

/** The message of a failed code submit. */
export function codeSubmitFailureMessage(failure: CallFailure): string {
  if (failure.status === 429) return WAIT_AND_RETRY;
  if (is403(failure, 'CodeInvalid')) return CODE_MESSAGES.invalid;
  if (is403(failure, 'CodeExpired')) return CODE_MESSAGES.expired;
  return CODE_MESSAGES.other;
}

/** The success message of an e-mail change from the verification step. */
export function emailChangeSentMessage(email: string): string {
  return `Sent Verification Email to ${email}`;
}

/** The message of a failed e-mail change. */
export function emailChangeFailureMessage(failure: CallFailure): string {
  if (failure.status === 429) return WAIT_AND_RETRY;
  if (is403(failure, 'InvalidEmail')) return EMAIL_CHANGE_MESSAGES.invalidEmail;
  if (is403(failure, 'EmailAddressAlreadyInUse')) return EMAIL_CHANGE_MESSAGES.inUse;
  if (is403(failure, 'EmailDomainNotPermitted')) return EMAIL_CHANGE_MESSAGES.domainNotPermitted;
  if (is403(failure, 'InvalidData')) return EMAIL_CHANGE_MESSAGES.invalidData;
  return EMAIL_CHANGE_MESSAGES.other;
}

/** The message of a failed resend. */
export function resendFailureMessage(failure: CallFailure): string {
  if (failure.status === 429) return WAIT_AND_RETRY;
  return failure.status > 0
    ? RESEND_MESSAGES.failedWithResponse
    : RESEND_MESSAGES.failedWithoutResponse;
}
