import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { createSessionStore } from '../../../src/features/session/session-store';
import { memorySavedPlanStorage } from '../../../src/features/session/saved-plan';
import {
  memoryDeviceUserStorage,
  memoryUserRecordStorage,
} from '../../../src/features/session/stored-user';
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

  it('offline (no answer), a user this browser knows stays signed in from the stored record', async () => {
    const offline = () => Promise.reject(new ApiError({ status: 0, message: 'offline' }));
    const known = createSessionStore(
      sessionDeps({ fetchCurrentUser: offline, userRecord: memoryUserRecordStorage(SAMPLE_USER) }),
    );
    await expect(known.loginCheck()).resolves.toBe(true);
    expect(known.getState()).toMatchObject({ status: 'signed-in', user: SAMPLE_USER });

    const stranger = createSessionStore(sessionDeps({ fetchCurrentUser: offline }));
    await expect(stranger.loginCheck()).resolves.toBe(false);
    expect(stranger.getState().status).toBe('signed-out');
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

  it('saves the plan it fetched for its user, and offline shows the saved one with its credits', async () => {
    const savedPlan = memorySavedPlanStorage();
    const online = createSessionStore(
      sessionDeps({
        fetchPlan: () => Promise.resolve({ plan: 'free_tier', viz_credits: 2, canvas_credits: 3 }),
        savedPlan,
      }),
    );
    online.signIn(SAMPLE_USER);
    await online.refreshPlan();
    expect(await savedPlan.read(SAMPLE_USER.user_uuid)).toEqual({
      plan: { plan: 'free_tier', viz_credits: 2, canvas_credits: 3 },
      fetchedAt: 1_700_000_000_000,
    });

    // The next start, offline: signed in from the stored record, the plan from this device, and
    // nothing asked of the server.
    const fetchPlan = vi.fn(() => Promise.reject(new ApiError({ status: 0, message: 'offline' })));
    const offline = createSessionStore(
      sessionDeps({
        fetchCurrentUser: () => Promise.reject(new ApiError({ status: 0, message: 'offline' })),
        fetchPlan,
        userRecord: memoryUserRecordStorage(SAMPLE_USER),
        savedPlan,
        now: () => 1_800_000_000_000,
      }),
    );
    await expect(offline.loginCheck()).resolves.toBe(true);
    await vi.waitFor(() => expect(offline.getState().plan).not.toBeNull());
    expect(offline.getState().plan).toMatchObject({
      viz_credits: 2,
      canvasQuota: 3,
      lastRefresh: 1_700_000_000_000,
    });
    expect(fetchPlan).not.toHaveBeenCalled();
  });

  it("a failed plan refresh falls back to the saved plan, never another user's", async () => {
    const savedPlan = memorySavedPlanStorage();
    await savedPlan.write('someone-else', { plan: 'plan_unlimited_monthly' }, 1);
    const store = createSessionStore(sessionDeps({ savedPlan }));
    store.signIn(SAMPLE_USER);
    await store.refreshPlan();
    expect(store.getState().plan).toBeNull();

    await savedPlan.write(SAMPLE_USER.user_uuid, { plan: 'free_tier', viz_credits: 1 }, 5);
    await store.refreshPlan();
    expect(store.getState().plan).toMatchObject({ plan: 'free_tier', viz_credits: 1 });
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

describe('session store: cached data and the anonymous locale', () => {
  const OTHER_USER = { ...SAMPLE_USER, user_uuid: 'user-2', email: 'other@example.com' };
  const LOCALE = { is_eu: true, country_code: 'FR', country_name: 'France', currency: 'EUR' };

  it('a logout clears the cached user data', async () => {
    const clearCachedData = vi.fn(() => Promise.resolve());
    const store = createSessionStore(
      sessionDeps({ clearCachedData, logOut: () => Promise.resolve({}) }),
    );
    store.signIn(SAMPLE_USER);
    await store.logout();
    expect(clearCachedData).toHaveBeenCalledOnce();
  });

  it('endSession (account deleted, password reset) clears the session and the cached data', async () => {
    const clearCachedData = vi.fn(() => Promise.resolve());
    const userRecord = memoryUserRecordStorage();
    const store = createSessionStore(sessionDeps({ clearCachedData, userRecord }));
    store.signIn(SAMPLE_USER);
    await store.endSession();
    expect(store.getState().status).toBe('signed-out');
    expect(userRecord.read()).toBeNull();
    expect(clearCachedData).toHaveBeenCalledOnce();
  });

  it('a 401 login check with a stored record clears the cached data; a dropped connection keeps it', async () => {
    const clearCachedData = vi.fn(() => Promise.resolve());
    const expired = createSessionStore(
      sessionDeps({
        clearCachedData,
        fetchCurrentUser: unauthorized,
        userRecord: memoryUserRecordStorage(SAMPLE_USER),
      }),
    );
    await expired.loginCheck();
    expect(clearCachedData).toHaveBeenCalledOnce();

    const offline = createSessionStore(
      sessionDeps({
        clearCachedData,
        fetchCurrentUser: () => Promise.reject(new ApiError({ status: 0, message: 'offline' })),
        userRecord: memoryUserRecordStorage(SAMPLE_USER),
      }),
    );
    await offline.loginCheck();
    expect(offline.getState().status).toBe('signed-in');
    expect(clearCachedData).toHaveBeenCalledOnce();
  });

  it("another account signing in clears the previous account's cached data, and keeps its own record", async () => {
    const clearCachedData = vi.fn(() => Promise.resolve());
    const userRecord = memoryUserRecordStorage(SAMPLE_USER);
    const store = createSessionStore(sessionDeps({ clearCachedData, userRecord }));
    store.signIn(SAMPLE_USER);
    await store.deviceReady();
    expect(clearCachedData).not.toHaveBeenCalled();
    store.signIn(OTHER_USER);
    await store.deviceReady();
    expect(clearCachedData).toHaveBeenCalledOnce();
    expect(userRecord.read()).toEqual(OTHER_USER);
  });

  it.each([
    ['503', 503],
    ['429', 429],
  ])(
    'a start-up check that fails with a %s keeps whose data the device holds: another account signing in next purges it',
    async (_name, status) => {
      const clearCachedData = vi.fn(() => Promise.resolve());
      const userRecord = memoryUserRecordStorage(SAMPLE_USER);
      const deviceUser = memoryDeviceUserStorage(SAMPLE_USER.user_uuid);
      const store = createSessionStore(
        sessionDeps({
          clearCachedData,
          userRecord,
          deviceUser,
          fetchCurrentUser: () => Promise.reject(new ApiError({ status, message: 'deploying' })),
        }),
      );
      await expect(store.loginCheck()).resolves.toBe(false);
      // Signed out on this page, the data kept (nothing says the session ended)...
      expect(store.getState().status).toBe('signed-out');
      expect(userRecord.read()).toBeNull();
      expect(clearCachedData).not.toHaveBeenCalled();
      expect(deviceUser.read()).toBe(SAMPLE_USER.user_uuid);

      // ...and another person signs in: the first one's data goes before anything runs for them.
      store.signIn(OTHER_USER);
      await store.deviceReady();
      expect(clearCachedData).toHaveBeenCalledOnce();
      expect(deviceUser.read()).toBe(OTHER_USER.user_uuid);
      expect(userRecord.read()).toEqual(OTHER_USER);
    },
  );

  it('after a failed start-up check the same user signing in again keeps their data and their unowned uploads', async () => {
    const clearCachedData = vi.fn(() => Promise.resolve());
    const settleUnownedUploads = vi.fn(() => Promise.resolve());
    const deviceUser = memoryDeviceUserStorage(SAMPLE_USER.user_uuid);
    const store = createSessionStore(
      sessionDeps({
        clearCachedData,
        settleUnownedUploads,
        deviceUser,
        userRecord: memoryUserRecordStorage(SAMPLE_USER),
        fetchCurrentUser: () => Promise.reject(new ApiError({ status: 503, message: 'x' })),
      }),
    );
    await store.loginCheck();
    store.signIn(SAMPLE_USER);
    await store.deviceReady();
    expect(clearCachedData).not.toHaveBeenCalled();
    expect(settleUnownedUploads).toHaveBeenCalledWith(SAMPLE_USER.user_uuid);
  });

  it('a device whose user nobody kept drops the unowned uploads at the next sign-in', async () => {
    const settleUnownedUploads = vi.fn(() => Promise.resolve());
    const store = createSessionStore(sessionDeps({ settleUnownedUploads }));
    store.signIn(OTHER_USER);
    await store.deviceReady();
    expect(settleUnownedUploads).toHaveBeenCalledWith(null);
  });

  it('a 401 after a failed check (the record gone, the device user kept) still purges the data', async () => {
    const clearCachedData = vi.fn(() => Promise.resolve());
    const deviceUser = memoryDeviceUserStorage(SAMPLE_USER.user_uuid);
    const store = createSessionStore(
      sessionDeps({ clearCachedData, deviceUser, fetchCurrentUser: unauthorized }),
    );
    await store.loginCheck();
    expect(clearCachedData).toHaveBeenCalledOnce();
    expect(deviceUser.read()).toBeNull();
  });

  it('updateUser takes a newer copy of the user and keeps the plan', async () => {
    const store = createSessionStore(
      sessionDeps({ fetchPlan: () => Promise.resolve({ plan: 'free_tier', viz_credits: 3 }) }),
    );
    store.signIn({ ...SAMPLE_USER, email_verified: false });
    await vi.waitFor(() => expect(store.getState().plan).not.toBeNull());
    const plan = store.getState().plan;
    store.updateUser(SAMPLE_USER);
    expect(store.getState().user).toEqual(SAMPLE_USER);
    expect(store.getState().plan).toBe(plan);
  });

  it('looks up the locale once for a signed-out visitor', async () => {
    const fetchLocale = vi.fn(() => Promise.resolve(LOCALE));
    const store = createSessionStore(sessionDeps({ fetchLocale, fetchCurrentUser: unauthorized }));
    await store.loginCheck();
    await vi.waitFor(() => expect(store.getState().locale).toEqual(LOCALE));
    await store.loginCheck();
    expect(fetchLocale).toHaveBeenCalledOnce();
  });

  it('does not look up the locale while offline', async () => {
    const fetchLocale = vi.fn(() => Promise.resolve(LOCALE));
    const store = createSessionStore(
      sessionDeps({
        fetchLocale,
        fetchCurrentUser: () => Promise.reject(new ApiError({ status: 0, message: 'offline' })),
      }),
    );
    await store.loginCheck();
    expect(fetchLocale).not.toHaveBeenCalled();
  });

  it('does not look up the locale for a signed-in visitor', async () => {
    const fetchLocale = vi.fn(() => Promise.resolve(LOCALE));
    const store = createSessionStore(
      sessionDeps({ fetchLocale, fetchCurrentUser: () => Promise.resolve({ user: SAMPLE_USER }) }),
    );
    await store.loginCheck();
    expect(fetchLocale).not.toHaveBeenCalled();
  });
});
