// The account calls of spec section 7, one function each.
import { api } from './client';
import type { CurrentUserResponse, DeletionStatus, EmailPrefs, Locale, Profile } from './types';

/** The locale lookup for anonymous visitors: the current page path and the language EN. */
export function fetchLocale(currentPath: string): Promise<Locale> {
  return api.post<Locale>('/api/account/curr', { ref: currentPath, lang: 'EN' });
}

// Verification

export function refreshEmailVerification(): Promise<CurrentUserResponse> {
  return api.get<CurrentUserResponse>('/api/account/refresh-email-verification');
}

/** The mailed link: works signed out. */
export function verifyEmailLink(token: string): Promise<CurrentUserResponse> {
  return api.post<CurrentUserResponse>('/api/account/verify-email', { token });
}

export function resendEmailVerification(): Promise<unknown> {
  return api.post<unknown>('/api/account/resend-email-verification');
}

export function verifyEmailCode(verificationCode: string): Promise<CurrentUserResponse> {
  return api.post<CurrentUserResponse>('/api/account/verify-email-code', {
    verification_code: verificationCode,
  });
}

/** Fixes a mistyped address before verification; the new address gets a new code. */
export function changeSignInEmail(newEmail: string): Promise<CurrentUserResponse> {
  return api.post<CurrentUserResponse>('/api/account/change-sign-in-email', {
    new_email: newEmail,
  });
}

// Passwords

export function forgotPassword(email: string): Promise<unknown> {
  return api.post<unknown>('/api/account/forgot-password', { email });
}

/** Mails the signed-in user a link to choose a new password. */
export function initChangePassword(): Promise<unknown> {
  return api.post<unknown>('/api/account/init-change-password');
}

/** Sets a new password with a mailed token; every session of the account ends. */
export function resetPassword(request: {
  token: string;
  passwordOne: string;
  passwordTwo: string;
}): Promise<unknown> {
  return api.post<unknown>('/api/account/reset-password', request);
}

// Changing the e-mail of a verified account

export function initiatePrimaryEmailChange(newEmail: string): Promise<{ email: string }> {
  return api.post<{ email: string }>('/api/account/initiate-primary-email-change', { newEmail });
}

export function confirmEmailChange(token: string): Promise<CurrentUserResponse> {
  return api.post<CurrentUserResponse>('/api/account/confirm-email-change', { token });
}

// Profile and preferences

export function fetchProfile(): Promise<Profile> {
  return api.get<Profile>('/api/account/profile');
}

export function updateUsername(newUsername: string): Promise<Profile> {
  return api.put<Profile>('/api/account/username/update', { newUsername });
}

export function updateNameInfo(newUsername: string, newFullName: string): Promise<Profile> {
  return api.post<Profile>('/api/account/update-name-info', { newUsername, newFullName });
}

export function updateEmailPrefs(prefs: EmailPrefs): Promise<Profile> {
  return api.put<Profile>('/api/account/email-prefs', prefs);
}

// Deletion

export function checkAccountDeletionStatus(): Promise<DeletionStatus> {
  return api.get<DeletionStatus>('/api/account/check-account-deletion-status');
}

/** Mails a 6-digit code that confirms the deletion. */
export function requestAccountDeletion(): Promise<DeletionStatus> {
  return api.post<DeletionStatus>('/api/account/request-account-deletion');
}

/** Deletes the user, their sessions and their files. */
export function confirmAccountDeletion(deletionCode: string): Promise<unknown> {
  return api.delete<unknown>('/api/account/confirm-account-deletion', {
    deletion_code: deletionCode,
  });
}
