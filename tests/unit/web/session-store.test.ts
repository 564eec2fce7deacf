import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { createSessionStore } from '../../../src/features/session/session-store';
import { memoryUserRecordStorage } from '../../../src/features/session/stored-user';
import { SAMPLE_USER, sessionDeps } from './render-app';

const unauthorized = () => Promise.reject(new ApiError({ status: 401, message: 'Unauthorized' }));

describe('session store', () => {
  it('starts unchecked', () => {
    expect(createSessionStore(sessionDeps()).getState().status).toBe('unchecked');
  });

  it('signs in when the login check answers with a user, stores the record and refreshes the plan', async () => {
    const userRecord = memoryUserRecordStorage();
    const fetchPlan = vi.fn(() =>
      Promise.resolve({ plan: 'free_tier', viz_credits: 3, billing_status: 'past_due' }),
    );
    const store = createSessionStore(
      sessionDeps({
        fetchCurrentUser: vi.fn(() => Promise.resolve({ user: SAMPLE_USER })),
        fetchPlan,
        userRecord,
      }),
    );
    const listener = vi.fn();
    store.subscribe(listener);

    await expect(store.loginCheck()).resolves.toBe(true);
    expect(store.getState().status).toBe('signed-in');
    expect(store.getState().user).toEqual(SAMPLE_USER);
    expect(userRecord.read()).toEqual(SAMPLE_USER);
    expect(store.isSignedInWithRecord()).toBe(true);

    await vi.waitFor(() => expect(store.getState().plan).not.toBeNull());
    expect(store.getState().plan).toMatchObject({
      plan: 'free_tier',
      premium: false,
      pastDue: true,
      viz_credits: 3,
      account_level: 10,
      lastRefresh: 1_700_000_000_000,
    });
    expect(listener).toHaveBeenCalled();
  });

  it.each([
    ['a 401', unauthorized],
    ['a 404 (no accounts yet)', () => Promise.reject(new ApiError({ status: 404, message: 'x' }))],
    ['a network error', () => Promise.reject(new ApiError({ status: 0, message: 'offline' }))],
    ['an answer without a user', () => Promise.resolve({} as never)],
  ])('treats %s as signed out and clears the session', async (_name, fetchCurrentUser) => {
    const userRecord = memoryUserRecordStorage(SAMPLE_USER);
    const store = createSessionStore(sessionDeps({ fetchCurrentUser, userRecord }), {
      status: 'signed-in',
      user: SAMPLE_USER,
    });
    await expect(store.loginCheck()).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ status: 'signed-out', user: null, plan: null });
    expect(userRecord.read()).toBeNull();
  });

  it('shares one request between concurrent login checks', async () => {
    const fetchCurrentUser = vi.fn(unauthorized);
    const store = createSessionStore(sessionDeps({ fetchCurrentUser }));
    await Promise.all([store.loginCheck(), store.loginCheck()]);
    expect(fetchCurrentUser).toHaveBeenCalledOnce();
    await store.loginCheck();
    expect(fetchCurrentUser).toHaveBeenCalledTimes(2);
  });

  it('keeps the plan unset when the plan refresh fails', async () => {
    const store = createSessionStore(sessionDeps());
    store.signIn(SAMPLE_USER);
    await store.refreshPlan();
    expect(store.getState().plan).toBeNull();
    expect(store.getState().status).toBe('signed-in');
  });

  it('marks any plan but free_tier as premium', async () => {
    const store = createSessionStore(
      sessionDeps({ fetchPlan: () => Promise.resolve({ plan: 'plan_tier_one_nov_promo' }) }),
    );
    store.signIn(SAMPLE_USER);
    await store.refreshPlan();
    expect(store.getState().plan?.premium).toBe(true);
  });

  it('clears everything after a logout, and keeps the session when the logout call fails', async () => {
    const userRecord = memoryUserRecordStorage();
    const failing = createSessionStore(sessionDeps({ userRecord, logOut: unauthorized }));
    failing.signIn(SAMPLE_USER);
    await expect(failing.logout()).rejects.toBeInstanceOf(ApiError);
    expect(failing.getState().status).toBe('signed-in');

    const working = createSessionStore(
      sessionDeps({ userRecord, logOut: () => Promise.resolve({}) }),
    );
    working.signIn(SAMPLE_USER);
    await working.logout();
    expect(working.getState().status).toBe('signed-out');
    expect(userRecord.read()).toBeNull();
  });
});
