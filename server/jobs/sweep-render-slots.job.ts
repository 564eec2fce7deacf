import { z } from 'zod';
import {
  scheduleRenderSlotsSweep,
  sweepRenderSlots,
} from '../services/renders/render-slots-sweep.service';
import { defineJob } from './job-definition';

/**
 * Every RENDER_SLOTS_SWEEP_SECONDS: sends lost render jobs, frees the slots of dead renders and
 * admits waiting ones (render-slots-sweep.service.ts), then queues its next run.
 */
export const sweepRenderSlotsJob = defineJob({
  name: 'sweep-render-slots',
  data: z.object({ slot: z.number().int() }),
  retry: { limit: 1, delaySeconds: 5, backoff: false },
  expireInSeconds: 600,
  async handle(_data, _run, context) {
    try {
      await sweepRenderSlots(context);
    } finally {
      // The chain goes on even when this run failed.
      await scheduleRenderSlotsSweep(context);
    }
  },
});
