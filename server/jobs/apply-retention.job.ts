import { z } from 'zod';
import { removeAbandonedUploads } from '../services/media/abandoned-uploads.service';
import { applyRetention, scheduleRetention } from '../services/media/videos.service';
import { defineJob } from './job-definition';

/**
 * Daily: deletes the videos whose retention policy says so and the uploads abandoned past
 * their expiry, then queues tomorrow's run.
 */
export const applyRetentionJob = defineJob({
  name: 'apply-retention',
  data: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 3600,
  async handle(_data, _run, context) {
    await applyRetention(context);
    await removeAbandonedUploads(context);
    await scheduleRetention(context);
  },
});
