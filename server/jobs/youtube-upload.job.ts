import { z } from 'zod';
import { runUpload } from '../services/publishing/upload-runner';
import { defineJob } from './job-definition';

/** A video published to a linked YouTube channel (resumable: a retry continues the session). */
export const youtubeUploadJob = defineJob({
  name: 'youtube-upload',
  data: z.object({ entryUuid: z.uuid(), expireInSeconds: z.number().int().positive() }),
  // A retry is for a worker that died or stopped: network trouble is retried inside an attempt.
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  // Each upload sets its own expiry from its size when queued (uploadExpirySeconds).
  expireInSeconds: 3600,
  async handle({ entryUuid, expireInSeconds }, run, context) {
    await runUpload(context, entryUuid, run, expireInSeconds);
  },
});
