import { videoFrameCount, type SceneSettings } from '../../../core/render/scene';

/** pg-boss refuses an expiry of 24 hours or more. */
const MAX_EXPIRY_SECONDS = 23 * 3600;
const FULL_HD_PIXELS = 1920 * 1080;

/**
 * How long one attempt may run before it is taken for dead and retried: well above the slowest
 * honest render. Visualizers: 10 full-HD frames a second at worst (the goal is faster than real
 * time at 30 fps), scaled by pixels; particles: 3 frames a second (thousands of particles
 * simulated and drawn one by one); single-frame: half the track's length at worst (one
 * picture, then the audio transcoded or copied). Plus 10 minutes for downloads and slow starts.
 */
export function renderExpirySeconds(settings: SceneSettings, durationSeconds: number): number {
  return Math.min(
    MAX_EXPIRY_SECONDS,
    Math.ceil(600 + renderWorkSeconds(settings, durationSeconds)),
  );
}

/**
 * The render's worst honest time on a worker, downloads and start aside (see above). Above
 * RENDER_LONG_SECONDS a render counts as long: one user's long renders never hold every worker.
 */
export function renderWorkSeconds(settings: SceneSettings, durationSeconds: number): number {
  return settings.kind === 'single-frame'
    ? durationSeconds * 0.5
    : (videoFrameCount(durationSeconds, settings.fps) *
        ((settings.width * settings.height) / FULL_HD_PIXELS)) /
        (settings.kind === 'particles' ? 3 : 10);
}
