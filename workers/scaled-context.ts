// A Canvas2D that draws in output pixels onto a smaller (or larger) backing canvas. core's
// drawFrame lays a frame out in the output's pixels and starts with resetTransform(), so a plain
// setTransform before it would be undone: this wrapper folds the scale into every transform the
// frame sets, and scales what the transform does not reach (shadow blur and offsets, filter
// lengths), so a preview at a third of the size looks like the video, only smaller.
import type { Canvas2D } from '../core/render/canvas-2d';

const SCALED_NUMBERS = new Set(['shadowBlur', 'shadowOffsetX', 'shadowOffsetY']);

/** Multiplies every length in px of a CSS filter, e.g. 'blur(24px)' → 'blur(8px)' at 1/3. */
export function scaleFilter(filter: string, scale: number): string {
  return filter.replace(/(-?\d*\.?\d+)px/g, (_, value: string) => `${Number(value) * scale}px`);
}

/**
 * Wraps ctx so that drawing at output coordinates lands scaled by `scale` on its canvas. The
 * scale can change later (a resized preview) through the returned setScale.
 */
export function scaledContext(
  ctx: Canvas2D,
  initialScale: number,
): { ctx: Canvas2D; setScale(scale: number): void } {
  let scale = initialScale;
  // What the frame set, in output units, so reading a property gives back what was written.
  const written = new Map<string, number | string>();
  const bound = new Map<PropertyKey, unknown>();
  const target = ctx as unknown as Record<PropertyKey, unknown>;

  const overrides: Record<string, (...args: number[]) => void> = {
    resetTransform: () => ctx.setTransform(scale, 0, 0, scale, 0, 0),
    setTransform: (a, b, c, d, e, f) =>
      ctx.setTransform(a! * scale, b! * scale, c! * scale, d! * scale, e! * scale, f! * scale),
  };

  const proxy = new Proxy(target, {
    get(object, key) {
      if (typeof key === 'string') {
        if (key in overrides) return overrides[key];
        if (written.has(key) && (SCALED_NUMBERS.has(key) || key === 'filter')) {
          return written.get(key);
        }
      }
      const value = object[key];
      if (typeof value !== 'function') return value;
      let fn = bound.get(key);
      if (!fn) {
        fn = (value as (...args: unknown[]) => unknown).bind(object);
        bound.set(key, fn);
      }
      return fn;
    },
    set(object, key, value: unknown) {
      if (typeof key === 'string' && SCALED_NUMBERS.has(key) && typeof value === 'number') {
        written.set(key, value);
        object[key] = value * scale;
      } else if (key === 'filter' && typeof value === 'string') {
        written.set(key, value);
        object[key] = scaleFilter(value, scale);
      } else {
        object[key] = value;
      }
      return true;
    },
  });

  return {
    ctx: proxy as unknown as Canvas2D,
    setScale(next) {
      scale = next;
    },
  };
}
