import { describe, expect, it } from 'vitest';
import { atLayoutSize, formatOf, layoutScale, VIDEO_SIZES } from '../../../../core/render/scene';
import {
  FREE_PLAN,
  LARGER_OUTPUTS,
  LARGER_OUTPUTS_MESSAGE,
  outputAllowed,
  PLANS,
} from '../../../../core/plans/catalogue';

describe('output formats', () => {
  it('names the aspect and resolution of every video size, and nothing else', () => {
    expect(VIDEO_SIZES.map((s) => formatOf(s.width, s.height))).toEqual([
      { aspect: '16:9', resolution: '1080p' },
      { aspect: '1:1', resolution: '1080p' },
      { aspect: '9:16', resolution: '1080p' },
      { aspect: '4:5', resolution: '1080p' },
      { aspect: '16:9', resolution: '4k' },
      { aspect: '1:1', resolution: '4k' },
      { aspect: '9:16', resolution: '4k' },
    ]);
    expect(formatOf(1280, 720)).toBeNull();
  });

  it('scales layout pixels by the shorter side over 1080', () => {
    expect(layoutScale({ width: 1920, height: 1080 })).toBe(1);
    expect(layoutScale({ width: 1080, height: 1350 })).toBe(1);
    expect(layoutScale({ width: 2160, height: 3840 })).toBe(2);
    // Smaller than 1080p (a Canvas at 720x1280) draws at its own size.
    expect(layoutScale({ width: 720, height: 1280 })).toBe(1);
  });

  it('previews a 4K output at its 1080p layout, the rest as they are', () => {
    const settings = { width: 3840, height: 2160, fps: 60 };
    expect(atLayoutSize(settings)).toEqual({ width: 1920, height: 1080, fps: 60 });
    const hd = { width: 1080, height: 1920, fps: 30 };
    expect(atLayoutSize(hd)).toBe(hd);
  });
});

describe('which plans render 4K and 60 fps', () => {
  it('keeps the free plan at 1080p30 and says why', () => {
    expect(outputAllowed(FREE_PLAN, { width: 1920, height: 1080, fps: 30 })).toBeNull();
    expect(outputAllowed(FREE_PLAN, { width: 3840, height: 2160, fps: 30 })).toBe(
      LARGER_OUTPUTS_MESSAGE,
    );
    expect(outputAllowed(FREE_PLAN, { width: 1080, height: 1920, fps: 60 })).toBe(
      LARGER_OUTPUTS_MESSAGE,
    );
  });

  it('lets every other plan render 4K at 60 fps, and lists it among their features', () => {
    for (const plan of PLANS.filter((p) => p.id !== FREE_PLAN)) {
      expect(outputAllowed(plan.id, { width: 2160, height: 3840, fps: 60 })).toBeNull();
      expect(plan.features).toContain(LARGER_OUTPUTS);
    }
    expect(PLANS.find((p) => p.id === FREE_PLAN)!.features).not.toContain(LARGER_OUTPUTS);
  });
});
