import { z } from 'zod';
import { RENDER_RETRY_LIMIT, runRender } from '../services/renders/render-runner';
import { defineJob } from './job-definition';

/**
 * Renders one video (every render kind) through the engine and stores it with its thumbnail.
 * Queued with the render's id as job id and an expiry scaled to the track (see
 * renderExpirySeconds), which the data repeats so the attempt can stop itself just before it.
 */
export const renderVideoJob = defineJob({
  name: 'render-video',
  data: z.object({
    renderId: z.uuid(),
    expireInSeconds: z
      .number()
      .int()
      .min(10)
      .max(23 * 3600),
  }),
  retry: { limit: RENDER_RETRY_LIMIT, delaySeconds: 5, backoff: true },
  // The queue's default; each render is queued with its own, scaled to its length.
  expireInSeconds: 3600,
  async handle({ renderId, expireInSeconds }, run, context) {
    await runRender(context, renderId, run, expireInSeconds);
  },
});
