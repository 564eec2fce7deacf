// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KitHookResponse } from '../../../../src/api/release-kits';
import { HookPanel } from '../../../../src/features/release-kits/HookPanel';
import type { HookPreview } from '../../../../src/features/release-kits/use-hook-preview';
import type { KitHookControl } from '../../../../src/features/release-kits/use-kit-hook';

const BARS = Array.from({ length: 41 }, (_, i) => i * 2);
const answer: KitHookResponse = {
  audio_uuid: 'a1',
  duration_seconds: 80,
  bpm: 120,
  bar_lines: BARS,
  proposed: { start_seconds: 40, end_seconds: 70, bars: 15 },
  hook: { start_seconds: 40, end_seconds: 70, bars: 15 },
  fade_seconds: 0.5,
  peaks: Array.from({ length: 100 }, (_, i) => (i % 10) / 10),
};

function setup(hook = answer.hook, playing = false) {
  const control: KitHookControl = {
    state: { status: 'ready', answer, hook, source: 'server' },
    move: vi.fn(),
    reset: vi.fn(),
    retry: vi.fn(),
  };
  const preview = {
    playing,
    toggle: vi.fn(),
    getTime: () => hook.start_seconds,
    error: null,
  } as unknown as HookPreview;
  render(
    <MantineProvider>
      <HookPanel control={control} preview={preview} seconds={30} onSeconds={vi.fn()} />
    </MantineProvider>,
  );
  return { control, preview };
}

describe('the hook panel', () => {
  it('shows the range, and moves the hook with its buttons and the arrow keys', () => {
    const { control } = setup();
    expect(screen.getByTestId('kit-hook-range').textContent).toBe('0:40–1:10 · 15 bars');
    expect(screen.getByTestId('kit-bar-lines').children).toHaveLength(BARS.length);
    fireEvent.click(screen.getByTestId('kit-hook-earlier'));
    fireEvent.click(screen.getByTestId('kit-hook-later'));
    const slider = screen.getByRole('slider', { name: /Hook position/ });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:40–1:10 · 15 bars');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'Enter' });
    expect(vi.mocked(control.move).mock.calls).toEqual([[-1], [1], [1], [-1]]);
    // The proposed hook: nothing to reset.
    expect(screen.getByTestId('kit-hook-reset')).toHaveProperty('disabled', true);
  });

  it('offers the reset once moved, and stops at the track’s end', () => {
    const { control } = setup({ start_seconds: 50, end_seconds: 80, bars: 15 });
    expect(screen.getByTestId('kit-hook-later')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('kit-hook-earlier')).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByTestId('kit-hook-reset'));
    expect(control.reset).toHaveBeenCalledOnce();
  });

  it('plays and stops the preview with one pressed button', () => {
    const { preview } = setup(answer.hook, true);
    const button = screen.getByTestId('kit-hook-play');
    expect(button.textContent).toBe('Stop the preview');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button);
    expect(preview.toggle).toHaveBeenCalledOnce();
  });
});
