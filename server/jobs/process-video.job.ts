import { z } from 'zod';
import { processUploadedVideo } from '../services/media/videos.service';
import { defineJob } from './job-definition';

/** A clip of the video library: ffprobe and a thumbnail (see processUploadedVideo). */
export const processVideoJob = defineJob({
  name: 'process-video',
  data: z.object({ videoUuid: z.uuid() }),
  retry: { limit: 2, delaySeconds: 5, backoff: true },
  expireInSeconds: 600,
  async handle({ videoUuid }, run, context) {
    await processUploadedVideo(context, videoUuid, run);
  },
});
