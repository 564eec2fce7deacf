import type { Canvas2D } from '../../canvas-2d';
import { RENDER_FONT_DISPLAY, RENDER_FONT_SANS } from '../../fonts';
import type { Scene } from '../../scene';
import { rgba } from '../color';
import { drawFittedText } from '../text';

/** Title and artist low in the frame, above the part of the Canvas Spotify's controls cover. */
export function drawTitleBlock(
  ctx: Canvas2D,
  scene: Scene,
  width: number,
  height: number,
  u: number,
): void {
  const { title, artist, colors } = scene.settings;
  if (!title && !artist) return;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = colors.color_border;
  drawFittedText(ctx, title, width / 2, height * 0.76, RENDER_FONT_DISPLAY, 96 * u, width * 0.84);
  ctx.fillStyle = rgba(colors.color_border, 0.75);
  drawFittedText(
    ctx,
    artist,
    width / 2,
    height * 0.76 + 72 * u,
    RENDER_FONT_SANS,
    48 * u,
    width * 0.8,
  );
}
