import { z } from 'zod';
import { endLapsedPlans, scheduleLapsedPlans } from '../services/payments/plan-lapse';
import { defineJob } from './job-definition';

/** Daily: returns to free every paid plan whose paid time is over, then queues tomorrow's run. */
export const endLapsedPlansJob = defineJob({
  name: 'end-lapsed-plans',
  data: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 3600,
  async handle(_data, _run, context) {
    const ended = await endLapsedPlans(context.db);
    if (ended > 0) context.log.info({ ended }, 'lapsed plans returned to free');
    await scheduleLapsedPlans(context);
  },
});
