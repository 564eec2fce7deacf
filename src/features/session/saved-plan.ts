// The plan as last fetched, kept on this device (a saved answer in IndexedDB) so the credits show
// offline: in the top bar, on the create screens and on My Plan.
import { useCallback } from 'react';
import type { PlanResponse } from '../../api/types';
import { getDatabase } from '../../db/database';
import { readSavedAnswer, writeSavedAnswer } from '../../lib/saved-answer';
import { useLiveQuery } from '../../lib/use-live-query';

export interface SavedPlan {
  plan: PlanResponse;
  /** When it was fetched from the server (ms since the epoch). */
  fetchedAt: number;
}

/** Where the session keeps the plan between visits; tests pass their own. */
export interface SavedPlanStorage {
  read(userUuid: string): Promise<SavedPlan | null>;
  write(userUuid: string, plan: PlanResponse, fetchedAt: number): Promise<void>;
}

export const dexieSavedPlanStorage: SavedPlanStorage = {
  async read(userUuid) {
    const row = await readSavedAnswer(getDatabase(), 'plan', userUuid);
    return row ? { plan: row.value, fetchedAt: row.fetchedAt } : null;
  },
  write: (userUuid, plan, fetchedAt) =>
    writeSavedAnswer(getDatabase(), { key: 'plan', userUuid, value: plan, fetchedAt }),
};

/** A saved plan that lives only in memory (tests). */
export function memorySavedPlanStorage(): SavedPlanStorage {
  const plans = new Map<string, SavedPlan>();
  return {
    read: async (userUuid) => plans.get(userUuid) ?? null,
    write: async (userUuid, plan, fetchedAt) => {
      plans.set(userUuid, { plan, fetchedAt });
    },
  };
}

/** The signed-in user's saved plan, live; undefined until the storage answers. */
export function useSavedPlan(userUuid: string | null): SavedPlan | null | undefined {
  const query = useCallback(
    async () => (userUuid ? dexieSavedPlanStorage.read(userUuid) : null),
    [userUuid],
  );
  return useLiveQuery(query).value;
}
