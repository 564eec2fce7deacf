import { fetchLocale } from '../../api/account';
import { isApiError } from '../../api/api-error';
import { fetchCurrentUser, logOut } from '../../api/auth';
import { fetchPlan } from '../../api/payment';
import type { CurrentUserResponse, Locale, PlanResponse, User } from '../../api/types';
import { clearCachedUserData } from '../../db/clear-user-data';
import { toPlanState, type PlanState } from './plan-state';
import { dexieSavedPlanStorage, type SavedPlanStorage } from './saved-plan';
import { localUserRecordStorage, type UserRecordStorage } from './stored-user';

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
          const hadRecord = record !== null;
          store.clear();
          // The server ended a session this browser still held: its cached data goes too. Other
          // failures (offline) keep it, so queued work survives a dropped connection.
          if (hadRecord && isApiError(error) && error.status === 401) await clearCachedData();
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
      const previous = deps.userRecord.read();
      deps.userRecord.write(user);
      // Another account's cached data must not show to this one. The purge also removes the
      // stored record, so it is written again once the purge is done.
      if (previous && previous.user_uuid !== user.user_uuid) {
        void clearCachedData().then(() => {
          if (state.user?.user_uuid === user.user_uuid) deps.userRecord.write(state.user);
        });
      }
      setState({ status: 'signed-in', user });
      void store.refreshPlan();
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
      await clearCachedData();
    },

    clear() {
      deps.userRecord.clear();
      setState({ ...SIGNED_OUT_STATE, locale: state.locale });
    },
  };
  return store;
}
