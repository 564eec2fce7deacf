// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  usePlaybackTime,
  type PreviewPlayer,
} from '../../../../src/features/render-editor/use-preview-player';

function playerAt(position: { now: number }, playing: boolean, time: number): PreviewPlayer {
  return {
    playing,
    time,
    getTime: () => position.now,
    toggle: () => undefined,
    pause: () => undefined,
    seek: () => undefined,
    error: null,
  };
}

describe('the timeline position', () => {
  afterEach(() => vi.useRealTimers());

  it('is the settled position while paused, whatever the element says', () => {
    const position = { now: 12 };
    const { result } = renderHook(() => usePlaybackTime(playerAt(position, false, 3)));
    expect(result.current).toBe(3);
  });

  it('follows the element while playing, refreshed about 15 times a second', () => {
    vi.useFakeTimers();
    const position = { now: 1 };
    const player = playerAt(position, true, 0);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return usePlaybackTime(player);
    });
    expect(result.current).toBe(1);
    position.now = 2.5;
    const before = renders;
    // A second of display frames at 60 Hz.
    for (let frame = 0; frame < 60; frame++) act(() => vi.advanceTimersByTime(1000 / 60));
    expect(result.current).toBe(2.5);
    // One re-render per refresh: about 15 in a second, not one per display frame (60).
    expect(renders - before).toBeGreaterThanOrEqual(14);
    expect(renders - before).toBeLessThanOrEqual(16);
  });
});
