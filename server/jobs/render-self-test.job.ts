import { z } from 'zod';
import { runSelfTest } from '../services/self-test.service';
import { defineJob } from './job-definition';

export const selfTestData = z.object({
  durationSeconds: z.number().min(1).max(600),
  width: z.number().int().min(16).max(3840).multipleOf(2),
  height: z.number().int().min(16).max(2160).multipleOf(2),
  fps: z.number().int().min(1).max(60),
});

/** The deployment self-test (see runSelfTest): queue, ffmpeg, temp space and storage together. */
export const renderSelfTestJob = defineJob({
  name: 'render-self-test',
  data: selfTestData,
  retry: { limit: 2, delaySeconds: 1, backoff: true },
  expireInSeconds: 600,
  async handle(spec, run, context) {
    await runSelfTest(context, spec, run);
  },
});
