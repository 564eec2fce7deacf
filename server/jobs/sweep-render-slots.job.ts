import { z } from 'zod';
import {
  scheduleRenderSlotsSweep,
  sweepRenderSlots,
} from '../services/renders/render-slots-sweep.service';
import { defineJob } from './job-definition';

/**
 * Every RENDER_SLOTS_SWEEP_SECONDS: queues its next run, then hands on the renders of lost
 * workers, sends lost render jobs, frees the slots of dead renders and admits waiting ones
 * (render-slots-sweep.service.ts).
 */
export const sweepRenderSlotsJob = defineJob({
  name: 'sweep-render-slots',
  data: z.object({ slot: z.number().int() }),
  retry: { limit: 1, delaySeconds: 5, backoff: false },
  expireInSeconds: 600,
  async handle(_data, _run, context) {
    // The next run is queued first: the chain goes on even when this run fails, or its worker
    // dies mid-run (the sweep is what hands a lost worker's renders on).
    await scheduleRenderSlotsSweep(context);
    await sweepRenderSlots(context);
  },
});
