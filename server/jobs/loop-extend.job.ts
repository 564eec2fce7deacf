import { z } from 'zod';
import {
  LOOP_EXTEND_RETRY_LIMIT,
  runLoopExtension,
} from '../services/media/loop-extensions.service';
import { defineJob } from './job-definition';

/** A loop extension: a clip repeated to a length or a track's, by stream copy. */
export const loopExtendJob = defineJob({
  name: 'loop-extend',
  data: z.object({ videoUuid: z.uuid() }),
  retry: { limit: LOOP_EXTEND_RETRY_LIMIT, delaySeconds: 5, backoff: true },
  // Copies are fast; a clip that must be encoded once takes at most minutes (clips are short).
  expireInSeconds: 3600,
  async handle({ videoUuid }, run, context) {
    await runLoopExtension(context, videoUuid, run);
  },
});
