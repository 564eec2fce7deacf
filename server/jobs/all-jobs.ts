import type { JobDefinition } from './job-definition';
import { processAudioJob } from './process-audio.job';
import { processImageJob } from './process-image.job';
import { renderSelfTestJob } from './render-self-test.job';
import { renderVideoJob } from './render-video.job';
import { sendMailJob } from './send-mail.job';

/** Every job handler of the product; job-registry.ts checks this against JOB_NAMES. */
export const allJobs: readonly JobDefinition[] = [
  sendMailJob,
  renderSelfTestJob,
  processImageJob,
  processAudioJob,
  renderVideoJob,
];
