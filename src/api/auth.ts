import { api } from './client';
import type { CurrentUserResponse } from './types';

/** The login check: 2xx with a user means signed in; a 401 or any other error means signed out. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUserResponse> {
  return api.get<CurrentUserResponse>('/api/auth/user', { signal });
}

export function logOut(): Promise<unknown> {
  return api.get<unknown>('/api/auth/log-out');
}
