// What a plan may render, decided in one place: core's outputAllowed (4K and 60 fps come with a
// paid plan), for the plan as it stands now (a paid plan whose time is over is free again). Every
// way of creating renders (a single render of any kind, a Canvas draft and its finalizing, each
// part of a release kit, any batch to come) passes its settings through here before it stores
// them: the renders repository takes only settings this gate returned (PlanAllowed), so a new way
// of creating renders cannot forget it.

import { FREE_PLAN, outputAllowed, type PlanAllowed } from '../../../core/plans/catalogue';
import type { SceneSettings } from '../../../core/render/scene';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { currentPlan } from '../payments/plan-lapse';

export const paidPlanRequired = (reason: string) => new AppError(403, 'PaidPlanRequired', reason);

/**
 * The user's plan as it stands now, as a check of render settings: it answers the settings, all
 * of them allowed by the plan, or throws 403 PaidPlanRequired with the reason when any one is not
 * (so a kit or a batch is refused whole, before anything is stored or charged).
 */
export async function planGate(db: Db, userUuid: string) {
  const planId = (await currentPlan(db, userUuid))?.plan ?? FREE_PLAN;
  return <T extends SceneSettings>(settings: readonly T[]): PlanAllowed<T>[] => {
    for (const each of settings) {
      const reason = outputAllowed(planId, each);
      if (reason) throw paidPlanRequired(reason);
    }
    return settings as PlanAllowed<T>[];
  };
}

/** planGate's check, once. */
export async function allowedByPlan<T extends SceneSettings>(
  db: Db,
  userUuid: string,
  settings: readonly T[],
): Promise<PlanAllowed<T>[]> {
  return (await planGate(db, userUuid))(settings);
}
