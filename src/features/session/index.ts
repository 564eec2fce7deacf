// What the rest of the app uses of features/session; its other files are its own (lint-enforced).
export { SessionProvider, useSession, useSessionStore } from './SessionContext';
export { FREE_TIER, type PlanState } from './plan-state';
export { useSavedPlan } from './saved-plan';
export {
  browserSessionDeps,
  createSessionStore,
  type AuthStatus,
  type SessionState,
  type SessionStore,
} from './session-store';
