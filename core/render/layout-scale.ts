// One layout pixel in output pixels, on its own so the particle stage can read it without the
// scene model (which names the stage's type).

/**
 * How many output pixels a layout pixel is: 1 at 1080p, 2 at 4K. What moves in pixels of its own
 * (a particle design's sizes and speeds) is scaled by it, so a 4K render is its 1080p picture.
 */
export function layoutScale(size: { width: number; height: number }): number {
  return Math.max(1, Math.min(size.width, size.height) / 1080);
}
