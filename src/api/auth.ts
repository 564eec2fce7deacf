import { api } from './client';
import type { CurrentUserResponse, LogInRequest, LogInResponse, SignUpRequest } from './types';

/** The login check: 2xx with a user means signed in; a 401 or any other error means signed out. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUserResponse> {
  return api.get<CurrentUserResponse>('/api/auth/user', { signal });
}

/** A GET by the spec, sent with the CSRF token: without it the server refuses (403 CSRFFailed). */
export function logOut(): Promise<unknown> {
  return api.get<unknown>('/api/auth/log-out', { csrf: true });
}

/** 200 signs in; 401 InvalidCredentials; 429 after too many attempts. */
export function logIn(request: LogInRequest): Promise<LogInResponse> {
  return api.post<LogInResponse>('/api/auth/log-in', request);
}

/** 201 creates the account signed in and mails a verification code. */
export function signUp(request: SignUpRequest): Promise<CurrentUserResponse> {
  return api.post<CurrentUserResponse>('/api/auth/sign-up', request);
}
