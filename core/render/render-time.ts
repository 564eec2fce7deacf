// How long a render will take, for the create screens: seconds of rendering per second of video
// at 1080p30 for each kind, from `npm run bench` on a 2-core machine (docs/benchmarks.md), and
// the work growing with the pixels and frames of the output (x264 and drawing both do). A render
// waits for a render slot and a worker first; that wait is not in the estimate.

import type { RenderKind } from './scene';

/**
 * Seconds of rendering a second of 1080p30 video takes (docs/benchmarks.md): a visualizer 1.5–2.2x
 * real time, 3000 particles of snow about real time, a Canvas over a 4096 px picture 5.2 s for 6.
 */
export const RENDER_SECONDS_PER_VIDEO_SECOND: Readonly<Record<RenderKind, number>> = {
  visualizer: 0.55,
  particles: 1,
  canvas: 0.9,
  // A still is one picture encoded once, then its packets copied for the whole track.
  'single-frame': 0.005,
};

/** Starting a render (the frame thread, ffmpeg, the images) before its first frame, in seconds. */
const STARTUP_SECONDS = 2;

/**
 * 60 fps against 30: twice the frames, but each differs less from the last, so x264 spends less
 * on it: 1080p60 renders took 1.34x and 4K60 1.24x their 30 fps renders (`RENDER_BENCH=uhd`).
 */
const SIXTY_FPS_FACTOR = 1.35;

const HD_PIXELS = 1920 * 1080;

export interface RenderOutput {
  kind: RenderKind;
  width: number;
  height: number;
  fps: number;
}

/** The estimated seconds a render of `videoSeconds` of this output takes once it starts. */
export function estimateRenderSeconds(output: RenderOutput, videoSeconds: number): number {
  // 4K's four times the pixels took 4.25x as long (3840x2160@30 against 1920x1080@30).
  const pixels = (output.width * output.height) / HD_PIXELS;
  const frames = output.kind === 'single-frame' || output.fps <= 30 ? 1 : SIXTY_FPS_FACTOR;
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
