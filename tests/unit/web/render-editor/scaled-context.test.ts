import { describe, expect, it } from 'vitest';
import type { Canvas2D } from '../../../../core/render/canvas-2d';
import { scaledContext, scaleFilter } from '../../../../workers/scaled-context';

/** A context that records its transforms and keeps what is set on it. */
function recordingContext() {
  const transforms: number[][] = [];
  const target = {
    shadowBlur: 0,
    filter: 'none',
    lineWidth: 1,
    setTransform: (...args: number[]) => transforms.push(args),
    resetTransform: () => transforms.push([1, 0, 0, 1, 0, 0]),
    fillRect(this: unknown) {
      return this;
    },
  };
  return { target, transforms, ctx: target as unknown as Canvas2D };
}

describe('a scaled context', () => {
  it('folds the scale into resetTransform and setTransform', () => {
    const { ctx, transforms } = recordingContext();
    const scaled = scaledContext(ctx, 0.5);
    scaled.ctx.resetTransform();
    scaled.ctx.setTransform(2, 0, 0, 2, 100, 40);
    expect(transforms).toEqual([
      [0.5, 0, 0, 0.5, 0, 0],
      [1, 0, 0, 1, 50, 20],
    ]);
    scaled.setScale(0.25);
    scaled.ctx.resetTransform();
    expect(transforms.at(-1)).toEqual([0.25, 0, 0, 0.25, 0, 0]);
  });

  it('scales shadow blur and filter lengths, reading back what was written', () => {
    const { ctx, target } = recordingContext();
    const scaled = scaledContext(ctx, 0.5);
    scaled.ctx.shadowBlur = 40;
    scaled.ctx.filter = 'blur(24px)';
    scaled.ctx.lineWidth = 3;
    expect(target.shadowBlur).toBe(20);
    expect(target.filter).toBe('blur(12px)');
    expect(target.lineWidth).toBe(3);
    expect(scaled.ctx.shadowBlur).toBe(40);
    expect(scaled.ctx.filter).toBe('blur(24px)');
  });

  it('calls methods on the real context', () => {
    const { ctx, target } = recordingContext();
    const scaled = scaledContext(ctx, 2);
    expect((scaled.ctx.fillRect as unknown as () => unknown)()).toBe(target);
  });

  it('scales every px length of a filter', () => {
    expect(scaleFilter('blur(10px) drop-shadow(2px -4px 6px black)', 0.5)).toBe(
      'blur(5px) drop-shadow(1px -2px 3px black)',
    );
    expect(scaleFilter('none', 0.5)).toBe('none');
  });
});
