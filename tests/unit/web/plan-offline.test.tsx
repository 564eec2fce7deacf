// @vitest-environment happy-dom
// The plan and its credits as this device last saved them: in the top bar and on My Plan, offline.
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import type { PlanResponse } from '../../../src/api/types';
import { clearUserTables } from '../../../src/db/clear-user-data';
import { getDatabase } from '../../../src/db/database';
import { PLAN_OFFLINE } from '../../../src/features/plans/plan-text';
import { memorySavedPlanStorage } from '../../../src/features/session/saved-plan';
import { createSessionStore } from '../../../src/features/session/session-store';
import { memoryUserRecordStorage } from '../../../src/features/session/stored-user';
import { lastUpdated } from '../../../src/lib/offline-messages';
import { fakeApi } from './fake-api';
import { renderApp, SAMPLE_USER, sessionDeps, setLayoutWidth, signedInSession } from './render-app';

const SUBSCRIBED: PlanResponse = {
  plan: 'plan_tier_one_monthly',
  viz_credits: 27,
  canvas_credits: 9,
  canvas_credits_free: 1,
  total_canvas_credits: 10,
  is_premium: true,
  payment_processor: 'STRIPE',
  period_end: '2026-12-20T00:00:00.000Z',
  cancel_at_period_end: false,
};
const SAVED_AT = Date.UTC(2026, 10, 24, 18, 45);

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

const offline = () => Promise.reject(new ApiError({ status: 0, message: 'offline' }));

afterEach(async () => {
  setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

describe('the plan offline', () => {
  it('the top bar shows the credits saved on this device', async () => {
    const savedPlan = memorySavedPlanStorage();
    await savedPlan.write(SAMPLE_USER.user_uuid, SUBSCRIBED, SAVED_AT);
    const session = createSessionStore(
      sessionDeps({
        fetchCurrentUser: offline,
        fetchPlan: vi.fn(offline),
        userRecord: memoryUserRecordStorage(SAMPLE_USER),
        savedPlan,
      }),
    );
    await session.loginCheck();
    setLayoutWidth(1280);
    renderApp({ session });
    fireEvent.click(await screen.findByRole('button', { name: 'My Account' }));
    const menu = await screen.findByRole('menu');
    expect(
      await within(menu).findByRole('menuitem', { name: 'Visualizer Credits: 27' }),
    ).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Canvas Quota: 10' })).toBeTruthy();
  });

  it('My Plan shows the saved plan and credits, marked offline with when it was fetched; changes need a connection', async () => {
    await getDatabase().savedAnswers.put({
      key: 'plan',
      userUuid: SAMPLE_USER.user_uuid,
      value: SUBSCRIBED,
      fetchedAt: SAVED_AT,
    });
    const api = fakeApi({});
    setOnline(false);
    renderApp({ session: signedInSession(SUBSCRIBED), path: '/account/plan' });
    const card = await screen.findByTestId('plan-card');
    expect(within(card).getByText('27 visualizer credits left')).toBeTruthy();
    expect(within(card).getByText('10 Canvas credits left')).toBeTruthy();
    expect(screen.getByTestId('offline-marker')).toBeTruthy();
    expect(screen.getByText(PLAN_OFFLINE.notice)).toBeTruthy();
    expect((await screen.findByTestId('saved-at')).textContent).toBe(lastUpdated(SAVED_AT));
    expect(screen.getByRole('button', { name: 'Cancel plan' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Update card' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Change plan').closest('a')?.getAttribute('data-disabled')).toBe(
      'true',
    );
    expect(screen.getByTestId('payment-method').textContent).toBe(PLAN_OFFLINE.later);
    // Nothing is asked of the server offline.
    expect(api.calls).toEqual([]);
  });

  it("My Plan offline never shows another user's saved plan", async () => {
    await getDatabase().savedAnswers.put({
      key: 'plan',
      userUuid: 'someone-else',
      value: SUBSCRIBED,
      fetchedAt: SAVED_AT,
    });
    fakeApi({});
    setOnline(false);
    renderApp({ session: signedInSession(null), path: '/account/plan' });
    expect((await screen.findByTestId('plan-not-saved')).textContent).toBe(PLAN_OFFLINE.notSaved);
    expect(screen.queryByTestId('plan-card')).toBeNull();
  });
});
