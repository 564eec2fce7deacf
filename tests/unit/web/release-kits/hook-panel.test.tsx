// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** The width every element measures, as the waveform's box would in a browser. */
function setWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height: 120,
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: width,
    bottom: 120,
  } as DOMRect);
}

afterEach(() => {
  vi.restoreAllMocks();
});

function setup(hook = answer.hook, playing = false, track = answer) {
  const control: KitHookControl = {
    state: { status: 'ready', answer: track, hook, source: 'server' },
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
    setWidth(650);
    const { control } = setup();
    expect(screen.getByTestId('kit-hook-range').textContent).toBe('0:40–1:10 · 15 bars');
    // 40 bars over 650 px stand 16 px apart: every one has its line.
    expect(screen.getByTestId('kit-bar-lines').children).toHaveLength(BARS.length);
    expect(screen.getByTestId('kit-hook-note').textContent).toBe(
      'The proposed hook: where the music is loudest, densest and comes back. Each line is a bar.',
    );
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

  describe('a long track (226 bars over 195.5 s)', () => {
    const barSeconds = 195.5 / 225;
    const long: KitHookResponse = {
      ...answer,
      duration_seconds: 195.5,
      bar_lines: Array.from({ length: 226 }, (_, i) => i * barSeconds),
      proposed: { start_seconds: 60 * barSeconds, end_seconds: 96 * barSeconds, bars: 36 },
      hook: { start_seconds: 60 * barSeconds, end_seconds: 96 * barSeconds, bars: 36 },
      peaks: Array.from({ length: 600 }, (_, i) => (i % 7) / 7),
    };
    const lineXs = () =>
      [...screen.getByTestId('kit-bar-lines').children].map((line) =>
        Number(line.getAttribute('x1')),
      );
    const axis = () =>
      [...screen.getByTestId('kit-time-axis').children].map((label) => label.textContent);

    it('draws a line every 8 bars on a phone, and says so under the time axis', () => {
      setWidth(326);
      setup(long.hook, false, long);
      const xs = lineXs();
      expect(xs).toHaveLength(29);
      // In the svg's units (one per peak, 600 across 326 px): 8 bars are 14.5 px apart.
      expect((xs[1]! - xs[0]!) * (326 / 600)).toBeCloseTo(8 * barSeconds * (326 / 195.5), 5);
      expect(screen.getByTestId('kit-hook-note').textContent).toBe(
        'The proposed hook: where the music is loudest, densest and comes back. A line every 8 bars.',
      );
      expect(axis()).toEqual(['0:00', '1:00', '2:00', '3:15']);
    });

    it('draws a line every 4 bars beside the look on a wide screen', () => {
      setWidth(650);
      setup(long.hook, false, long);
      expect(lineXs()).toHaveLength(57);
      expect(screen.getByTestId('kit-hook-note').textContent).toContain('A line every 4 bars.');
      expect(axis()).toEqual(['0:00', '0:30', '1:00', '1:30', '2:00', '2:30', '3:15']);
    });
  });
});
