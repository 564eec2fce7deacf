import { applyRetentionJob } from './apply-retention.job';
import { endLapsedPlansJob } from './end-lapsed-plans.job';
import type { JobDefinition } from './job-definition';
import { loopExtendJob } from './loop-extend.job';
import { processAudioJob } from './process-audio.job';
import { processImageJob } from './process-image.job';
import { processVideoJob } from './process-video.job';
import { renderSelfTestJob } from './render-self-test.job';
import { renderVideoJob } from './render-video.job';
import { sendMailJob } from './send-mail.job';
import { sweepRenderSlotsJob } from './sweep-render-slots.job';
import { youtubeUploadJob } from './youtube-upload.job';

/** Every job handler of the product; job-registry.ts checks this against JOB_NAMES. */
export const allJobs: readonly JobDefinition[] = [
  sendMailJob,
  renderSelfTestJob,
  processImageJob,
  processAudioJob,
  renderVideoJob,
  processVideoJob,
  loopExtendJob,
  applyRetentionJob,
  youtubeUploadJob,
  endLapsedPlansJob,
  sweepRenderSlotsJob,
];
