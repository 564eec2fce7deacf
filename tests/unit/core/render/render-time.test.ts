import { describe, expect, it } from 'vitest';
import { describeDuration, estimateRenderSeconds } from '../../../../core/render/render-time';

describe('render time estimates', () => {
  const hd = { kind: 'visualizer', width: 1920, height: 1080, fps: 30 } as const;

  it('grow with the length, the pixels and the frames of the output', () => {
    const three = estimateRenderSeconds(hd, 180);
    expect(estimateRenderSeconds(hd, 360)).toBeGreaterThan(three * 1.9);
    const uhd = estimateRenderSeconds({ ...hd, width: 3840, height: 2160 }, 180);
    expect(uhd).toBeGreaterThan(three * 3);
    expect(uhd).toBeLessThanOrEqual(three * 4);
    expect(estimateRenderSeconds({ ...hd, fps: 60 }, 180)).toBeGreaterThan(three * 1.3);
    // A still is one picture whatever its length; particles cost more than bars.
    const still = { ...hd, kind: 'single-frame' } as const;
    expect(estimateRenderSeconds(still, 600)).toBeLessThan(10);
    expect(estimateRenderSeconds({ ...hd, kind: 'particles' }, 180)).toBeGreaterThan(three);
  });

  it('are said as people say them', () => {
    expect(describeDuration(12)).toBe('under a minute');
    expect(describeDuration(61)).toBe('about 1 minute');
    expect(describeDuration(4 * 60 + 40)).toBe('about 5 minutes');
    expect(describeDuration(60 * 60)).toBe('about 1 hour');
    expect(describeDuration(80 * 60)).toBe('about 1 hour 20 minutes');
    expect(describeDuration(119 * 60)).toBe('about 2 hours');
    expect(describeDuration(150 * 60)).toBe('about 2 hours 30 minutes');
  });
});
