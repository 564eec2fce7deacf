import { z } from 'zod';
import {
  AUDIO_PROCESSING_RETRY_LIMIT,
  processUploadedAudio,
} from '../services/media/audio-processing/process-audio.service';
import { defineJob } from './job-definition';

/** Probe, tags, cover art, one decode to analysis and playable copy; PROGRESSING → COMPLETE | FAILED. */
export const processAudioJob = defineJob({
  name: 'process-audio',
  data: z.object({ audioUuid: z.uuid() }),
  retry: { limit: AUDIO_PROCESSING_RETRY_LIMIT, delaySeconds: 5, backoff: true },
  // A 3-hour track decodes and analyses in a few minutes here; an hour leaves ample room.
  expireInSeconds: 3600,
  async handle({ audioUuid }, run, context) {
    await processUploadedAudio(context, audioUuid, run);
  },
});
