import { fetchCurrentUser, logOut } from '../../api/auth';
import { fetchPlan } from '../../api/payment';
import type { CurrentUserResponse, PlanResponse, User } from '../../api/types';
import { toPlanState, type PlanState } from './plan-state';
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
}

/** The calls and storage the session uses; tests pass stand-ins. */
export interface SessionDeps {
  fetchCurrentUser: () => Promise<CurrentUserResponse>;
  fetchPlan: () => Promise<PlanResponse>;
  logOut: () => Promise<unknown>;
  userRecord: UserRecordStorage;
  now: () => number;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Spec 2 guard shortcut: signed in and a stored user record exists. */
  isSignedInWithRecord(): boolean;
  /** Asks the server who is signed in; true when someone is. Concurrent calls share one request. */
  loginCheck(): Promise<boolean>;
  signIn(user: User): void;
  refreshPlan(): Promise<void>;
  /** Logs out on the server, then clears the session; throws when the server call fails. */
  logout(): Promise<void>;
  /** Forgets the user, the plan and the stored record. */
  clear(): void;
}

export const SIGNED_OUT_STATE: SessionState = {
  status: 'signed-out',
  user: null,
  plan: null,
  visualizers: [],
};

const UNCHECKED_STATE: SessionState = { ...SIGNED_OUT_STATE, status: 'unchecked' };

export const browserSessionDeps = (): SessionDeps => ({
  fetchCurrentUser: () => fetchCurrentUser(),
  fetchPlan: () => fetchPlan(),
  logOut: () => logOut(),
  userRecord: localUserRecordStorage(),
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

  const setState = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
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
        .catch(() => {
          store.clear();
          return false;
        })
        .finally(() => {
          pendingCheck = null;
        });
      return pendingCheck;
    },

    signIn(user) {
      deps.userRecord.write(user);
      setState({ status: 'signed-in', user });
      void store.refreshPlan();
    },

    async refreshPlan() {
      try {
        const raw = await deps.fetchPlan();
        if (state.status !== 'signed-in') return;
        setState({ plan: toPlanState(raw ?? {}, deps.now()) });
      } catch {
        // The plan stays as it was; the Upgrade link waits for a successful refresh.
      }
    },

    async logout() {
      await deps.logOut();
      store.clear();
    },

    clear() {
      deps.userRecord.clear();
      setState(SIGNED_OUT_STATE);
    },
  };
  return store;
}
