import { fetchLocale } from '../../api/account';
import { isApiError } from '../../api/api-error';
import { fetchCurrentUser, logOut } from '../../api/auth';
import { fetchPlan } from '../../api/payment';
import type { CurrentUserResponse, Locale, PlanResponse, User } from '../../api/types';
import { clearCachedUserData } from '../../db/clear-user-data';
import { settleUnownedUploads } from '../../db/upload-owners';
import { toPlanState, type PlanState } from './plan-state';
import { dexieSavedPlanStorage, type SavedPlanStorage } from './saved-plan';
import {
  localDeviceUserStorage,
  localUserRecordStorage,
  type DeviceUserStorage,
  type UserRecordStorage,
} from './stored-user';

/** Spec 4 "Authentication": unchecked until the login check audits the visitor. */
export type AuthStatus = 'unchecked' | 'signed-in' | 'signed-out';

/** A visualizer the user owns; the top bar only needs to know whether there are any. */
export interface VisualizerSummary {
  upload_uuid: string;
}

export interface SessionState {
  status: AuthStatus;
  user: User | null;
  plan: PlanState | null;
  visualizers: VisualizerSummary[];
  /** The anonymous visitor's locale (prices), once looked up. */
  locale: Locale | null;
}

/** The calls and storage the session uses; tests pass stand-ins. */
export interface SessionDeps {
  fetchCurrentUser: () => Promise<CurrentUserResponse>;
  fetchPlan: () => Promise<PlanResponse>;
  logOut: () => Promise<unknown>;
  /** The locale lookup for anonymous visitors (it sends the current page path). */
  fetchLocale: () => Promise<Locale>;
  /** Forgets every user data this browser cached (IndexedDB, web storage, caches). */
  clearCachedData: () => Promise<void>;
  userRecord: UserRecordStorage;
  /** Whose data this device holds, kept when a login check fails without saying who is in. */
  deviceUser: DeviceUserStorage;
  /**
   * Gives the queued uploads that carry no owner (queued before rows had one) to this user, or
   * removes them (null: nobody can tell whose they are).
   */
  settleUnownedUploads: (owner: string | null) => Promise<void>;
  /** The plan as last fetched, so it shows offline. */
  savedPlan: SavedPlanStorage;
  now: () => number;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Spec 2 guard shortcut: signed in and a stored user record exists. */
  isSignedInWithRecord(): boolean;
  /** Asks the server who is signed in; true when someone is. Concurrent calls share one request. */
  loginCheck(): Promise<boolean>;
  /** Records a signed-in user (login, sign-up) and refreshes their plan. */
  signIn(user: User): void;
  /** Takes a newer copy of the signed-in user (verified, new address); the plan stays. */
  updateUser(user: User): void;
  refreshPlan(): Promise<void>;
  /** Logs out on the server, then ends the session here; throws when the server call fails. */
  logout(): Promise<void>;
  /**
   * Ends the session here after the server ended it (account deleted, password reset): clears
   * the session and every cached user data.
   */
  endSession(): Promise<void>;
  /** Forgets the user, the plan and the stored record. */
  clear(): void;
  /**
   * Resolves once this device holds no other account's data: the purge a different user's
   * sign-in starts is done, and so is the settling of queued uploads that carry no owner. The
   * user's background work (the library sync, the upload queue) waits for it.
   */
  deviceReady(): Promise<void>;
}

export const SIGNED_OUT_STATE: SessionState = {
  status: 'signed-out',
  user: null,
  plan: null,
  visualizers: [],
  locale: null,
};

const UNCHECKED_STATE: SessionState = { ...SIGNED_OUT_STATE, status: 'unchecked' };

export const browserSessionDeps = (): SessionDeps => ({
  fetchCurrentUser: () => fetchCurrentUser(),
  fetchPlan: () => fetchPlan(),
  logOut: () => logOut(),
  fetchLocale: () => fetchLocale(window.location.pathname),
  clearCachedData: () => clearCachedUserData(),
  userRecord: localUserRecordStorage(),
  deviceUser: localDeviceUserStorage(),
  settleUnownedUploads: (owner) => settleUnownedUploads(owner),
  savedPlan: dexieSavedPlanStorage,
  now: () => Date.now(),
});

function isUserResponse(value: unknown): value is CurrentUserResponse {
  if (value === null || typeof value !== 'object') return false;
  const user = (value as { user?: unknown }).user;
  return (
    user !== null &&
    typeof user === 'object' &&
    typeof (user as { user_uuid?: unknown }).user_uuid === 'string'
  );
}

export function createSessionStore(
  deps: SessionDeps,
  initial: Partial<SessionState> = {},
): SessionStore {
  let state: SessionState = { ...UNCHECKED_STATE, ...initial };
  const listeners = new Set<() => void>();
  let pendingCheck: Promise<boolean> | null = null;
  let localeRequested = false;

  const setState = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const clearCachedData = async () => {
    try {
      await deps.clearCachedData();
    } catch {
      // Best effort: nothing more can be done about a storage that refuses.
    }
  };

  /** Purges and settlings run one after the other, in the order they were asked for. */
  let settling: Promise<void> = Promise.resolve();
  const thenOnDevice = (step: () => Promise<void>): Promise<void> => {
    settling = settling.then(step).catch(() => undefined);
    return settling;
  };

  /** Removes the device user's data; once it is gone, the device holds nobody's. */
  const purgeDevice = (): Promise<void> => {
    const purged = deps.deviceUser.read();
    return thenOnDevice(async () => {
      await clearCachedData();
      if (deps.deviceUser.read() === purged) deps.deviceUser.clear();
    });
  };

  const isUser = (userUuid: string) =>
    state.status === 'signed-in' && state.user?.user_uuid === userUuid;

  /** Without a plan from the server (offline), the one saved on this device stands in. */
  const restoreSavedPlan = async (userUuid: string) => {
    const saved = await deps.savedPlan.read(userUuid).catch(() => null);
    if (saved && isUser(userUuid) && state.plan === null) {
      setState({ plan: toPlanState(saved.plan, saved.fetchedAt) });
    }
  };

  const lookUpLocale = () => {
    if (localeRequested || state.locale) return;
    localeRequested = true;
    deps
      .fetchLocale()
      .then((locale) => {
        if (state.status !== 'signed-in') setState({ locale });
      })
      .catch(() => {
        localeRequested = false; // another signed-out check may try again
      });
  };

  const store: SessionStore = {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    isSignedInWithRecord: () => state.status === 'signed-in' && deps.userRecord.read() !== null,

    loginCheck() {
      pendingCheck ??= deps
        .fetchCurrentUser()
        .then((answer) => {
          if (!isUserResponse(answer)) throw new Error('The login check answered without a user');
          store.signIn(answer.user);
          return true;
        })
        // A 401 counts as signed out; so does any other failure (spec 4).
        .catch(async (error: unknown) => {
          const record = deps.userRecord.read();
          // No answer at all (offline): the check could not fail, so a user this browser knows
          // stays signed in from the stored record and the offline library stays reachable.
          // Its plan is fetched when the connection returns (main.tsx checks again on 'online').
          if (record && isApiError(error) && !error.hasResponse) {
            setState({ status: 'signed-in', user: record });
            void restoreSavedPlan(record.user_uuid);
            return true;
          }
          const heldData = record !== null || deps.deviceUser.read() !== null;
          store.clear();
          // The server ended a session this browser still held: its cached data goes too. Other
          // failures keep it, so queued work survives a dropped connection; a 5xx or 429 (a
          // deploy, a busy server) says nothing about who is signed in, so the device's user is
          // kept too, and whoever signs in next is compared with it (signIn).
          if (heldData && isApiError(error) && error.status === 401) await purgeDevice();
          // Only a server that answered can tell the locale; offline, the lookup would fail too.
          if (isApiError(error) && error.hasResponse) lookUpLocale();
          return false;
        })
        .finally(() => {
          pendingCheck = null;
        });
      return pendingCheck;
    },

    signIn(user) {
      // Whose data the device holds: its user as kept through failed login checks, else (a
      // device that kept none yet) the stored record's.
      const previous = deps.deviceUser.read() ?? deps.userRecord.read()?.user_uuid ?? null;
      deps.userRecord.write(user);
      if (previous !== null && previous !== user.user_uuid) {
        // Another account's cached data and queued files must not reach this one, whatever the
        // login check said before. The purge also removes the stored record, so it is written
        // again once the purge is done; the device becomes this user's only then, so a purge cut
        // short (the page closed) is done again at the next sign-in.
        void thenOnDevice(async () => {
          await clearCachedData();
          if (state.user?.user_uuid !== user.user_uuid) return;
          deps.userRecord.write(state.user);
          deps.deviceUser.write(user.user_uuid);
        });
      } else {
        deps.deviceUser.write(user.user_uuid);
        // Uploads queued before rows had an owner: this user's when the device was theirs,
        // else nobody can tell whose they are.
        void thenOnDevice(() => deps.settleUnownedUploads(previous));
      }
      setState({ status: 'signed-in', user });
      // After the purge, which would otherwise take the plan saved for offline with it.
      void store.deviceReady().then(() => store.refreshPlan());
    },

    updateUser(user) {
      if (state.status !== 'signed-in' || state.user?.user_uuid !== user.user_uuid) {
        store.signIn(user);
        return;
      }
      deps.userRecord.write(user);
      setState({ user });
    },

    async refreshPlan() {
      const userUuid = state.user?.user_uuid;
      if (!userUuid) return;
      try {
        const raw = (await deps.fetchPlan()) ?? {};
        if (!isUser(userUuid)) return;
        const fetchedAt = deps.now();
        setState({ plan: toPlanState(raw, fetchedAt) });
        await deps.savedPlan.write(userUuid, raw, fetchedAt).catch(() => undefined);
      } catch {
        // The plan stays as it was; the Upgrade link waits for a successful refresh.
        await restoreSavedPlan(userUuid);
      }
    },

    async logout() {
      await deps.logOut();
      await store.endSession();
    },

    async endSession() {
      store.clear();
      await purgeDevice();
    },

    clear() {
      deps.userRecord.clear();
      setState({ ...SIGNED_OUT_STATE, locale: state.locale });
    },

    async deviceReady() {
      // A purge asked for while this one waited is waited for too.
      let pending: Promise<void>;
      do {
        pending = settling;
        await pending;
      } while (pending !== settling);
    },
  };
  return store;
}
