// How long a render will take, for the create screens: seconds of rendering per second of video
// at 1080p30 for each kind, from `npm run bench` on a 2-core machine (the README's figures), and
// the work growing with the pixels and frames of the output (x264 and drawing both do). A render
// waits for a render slot and a worker first; that wait is not in the estimate.

import type { RenderKind } from './scene';

/** Seconds of rendering a second of 1080p30 video takes, measured (README, "Speed"). */
export const RENDER_SECONDS_PER_VIDEO_SECOND: Readonly<Record<RenderKind, number>> = {
  visualizer: 0.55,
  particles: 1,
  canvas: 0.6,
  // A still is one picture encoded once, then its packets copied for the whole track.
  'single-frame': 0.005,
};

/** Starting a render (the frame thread, ffmpeg, the images) before its first frame, in seconds. */
const STARTUP_SECONDS = 2;

/**
 * How 4K's four times the pixels weigh: measured 4K30 visualizer renders take 3.6x their 1080p30
 * ones (x264 is a little more efficient per pixel on larger frames than linear).
 */
const PIXEL_EXPONENT = 0.92;

const HD_PIXELS = 1920 * 1080;

export interface RenderOutput {
  kind: RenderKind;
  width: number;
  height: number;
  fps: number;
}

/** The estimated seconds a render of `videoSeconds` of this output takes once it starts. */
export function estimateRenderSeconds(output: RenderOutput, videoSeconds: number): number {
  const pixels = Math.pow((output.width * output.height) / HD_PIXELS, PIXEL_EXPONENT);
  const frames = output.kind === 'single-frame' ? 1 : output.fps / 30;
  const perSecond = RENDER_SECONDS_PER_VIDEO_SECOND[output.kind] * pixels * frames;
  return STARTUP_SECONDS + videoSeconds * perSecond;
}

/** "under a minute", "about 4 minutes", "about 1 hour 20 minutes": rounded as people say it. */
export function describeDuration(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round((minutes % 60) / 10) * 10;
  const hourText = `${hours} hour${hours === 1 ? '' : 's'}`;
  return rest === 0 || rest === 60
    ? `about ${rest === 60 ? `${hours + 1} hours` : hourText}`
    : `about ${hourText} ${rest} minutes`;
}
