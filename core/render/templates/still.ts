// Single-frame templates compose one picture: drawn once in prepare, copied as the frame.

import type { Canvas2D, RenderHost, Surface } from '../canvas-2d';
import type { Scene } from '../scene';
import type { Template, TemplateInfo } from '../template';

/** A template whose whole picture is drawn once, onto a surface of the frame's size. */
export function stillTemplate(
  info: TemplateInfo,
  compose: (ctx: Canvas2D, scene: Scene, host: RenderHost) => void,
): Template<Surface> {
  return {
    ...info,
    prepare(host, scene) {
      const surface = host.createSurface(scene.settings.width, scene.settings.height);
      compose(surface.ctx, scene, host);
      return surface;
    },
    draw(ctx, { layers }) {
      ctx.drawImage(layers.image, 0, 0);
    },
  };
}

/** Shadow settings for one soft drop shadow, scaled to the frame. */
export function setShadow(ctx: Canvas2D, u: number, alpha = 0.5, blur = 40, offsetY = 18): void {
  ctx.shadowColor = `rgba(0,0,0,${alpha})`;
  ctx.shadowBlur = blur * u;
  ctx.shadowOffsetX = 0;
  ctx.shadowOffsetY = offsetY * u;
}

export function clearShadow(ctx: Canvas2D): void {
  ctx.shadowColor = 'rgba(0,0,0,0)';
  ctx.shadowBlur = 0;
  ctx.shadowOffsetY = 0;
}
