/**
 * Every job name the product queues. Start-up fails unless each has exactly one handler
 * (see job-registry.ts), so adding a name here without its handler cannot ship.
 */
export const JOB_NAMES = [
  'send-mail',
  'render-self-test',
  'process-image',
  'process-audio',
  'render-video',
  'process-video',
  'loop-extend',
  'apply-retention',
  'youtube-upload',
  'end-lapsed-plans',
  'sweep-render-slots',
] as const;

export type JobName = (typeof JOB_NAMES)[number];
