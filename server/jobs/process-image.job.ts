import { z } from 'zod';
import { processUploadedImage } from '../services/media/image-processing.service';
import { defineJob } from './job-definition';

/** An image's display copy and thumbnail (see processUploadedImage). */
export const processImageJob = defineJob({
  name: 'process-image',
  data: z.object({ imageUuid: z.uuid() }),
  retry: { limit: 2, delaySeconds: 5, backoff: true },
  expireInSeconds: 300,
  async handle({ imageUuid }, run, context) {
    await processUploadedImage(context, imageUuid, run);
  },
});
