import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearUserTables } from '../../../src/db/clear-user-data';
import { getDatabase } from '../../../src/db/database';
import { stopLibraryServices } from '../../../src/features/library/library-services';
import { stopRenderServices } from '../../../src/features/renders/render-sync';
import type { PlanResponse, User } from '../../../src/api/types';
import { ApiError } from '../../../src/api/api-error';
import { SessionProvider } from '../../../src/features/session/SessionContext';
import { toPlanState } from '../../../src/features/session/plan-state';
import {
  createSessionStore,
  type SessionDeps,
  type SessionState,
  type SessionStore,
} from '../../../src/features/session/session-store';
import { memorySavedPlanStorage } from '../../../src/features/session/saved-plan';
import {
  memoryDeviceUserStorage,
  memoryUserRecordStorage,
} from '../../../src/features/session/stored-user';
import { createAppRouter } from '../../../src/routes/router';
import { theme } from '../../../src/ui/theme';

export const SAMPLE_USER: User = {
  user_uuid: 'user-1',
  email: 'artist@example.com',
  email_verified: true,
};

export const NOT_FOUND = () =>
  Promise.reject(new ApiError({ status: 404, exc: 'NotFound', message: 'No API route' }));

/** Session calls that answer like a server without accounts (404), unless overridden. */
export function sessionDeps(overrides: Partial<SessionDeps> = {}): SessionDeps {
  return {
    fetchCurrentUser: vi.fn(NOT_FOUND),
    fetchPlan: vi.fn(NOT_FOUND),
    logOut: vi.fn(NOT_FOUND),
    fetchLocale: vi.fn(NOT_FOUND),
    clearCachedData: vi.fn(() => Promise.resolve()),
    userRecord: memoryUserRecordStorage(),
    deviceUser: memoryDeviceUserStorage(),
    settleUnownedUploads: vi.fn(() => Promise.resolve()),
    savedPlan: memorySavedPlanStorage(),
    now: () => 1_700_000_000_000,
    ...overrides,
  };
}

/** A session store already signed in, with a stored user record and the given plan. */
export function signedInSession(
  plan: PlanResponse | null,
  extra: Partial<SessionState> = {},
  deps: Partial<SessionDeps> = {},
): SessionStore {
  return createSessionStore(
    sessionDeps({ userRecord: memoryUserRecordStorage(SAMPLE_USER), ...deps }),
    {
      status: 'signed-in',
      user: SAMPLE_USER,
      plan: plan ? toPlanState(plan, 1_700_000_000_000) : null,
      visualizers: [],
      ...extra,
    },
  );
}

/** Makes the top bar report this width, so it picks its wide or narrow layout. */
export function setLayoutWidth(width: number): void {
  const original = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (!this.hasAttribute('data-layout')) return original.call(this);
    return { width, height: 64, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 64 } as DOMRect;
  });
}

/** Renders the whole app shell with the real router at `path`. */
export function renderApp(options: { session: SessionStore; path?: string }) {
  const history = createMemoryHistory({ initialEntries: [options.path ?? '/'] });
  const router = createAppRouter({ session: options.session, history });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications position="bottom-center" />
      <SessionProvider store={options.session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>,
  );
  return { ...view, router, history };
}

/**
 * After each test of the file: the app's background services stopped, stubs and mocks undone,
 * and this device's user tables emptied, so the next test starts signed in on a clean device.
 */
export function cleanUpAppAfterEach(): void {
  afterEach(async () => {
    stopRenderServices();
    stopLibraryServices();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await clearUserTables(getDatabase());
  });
}
