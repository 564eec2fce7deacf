// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { notifications, Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUpdateNotification } from '../../../src/features/pwa/use-update-notification';

function Harness({ needRefresh, reload }: { needRefresh: boolean; reload: () => void }) {
  useUpdateNotification(needRefresh, reload);
  return null;
}

function renderHarness(needRefresh: boolean, reload: () => void) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <Harness needRefresh={needRefresh} reload={reload} />
    </MantineProvider>,
  );
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('new version prompt', () => {
  it('stays hidden while no new version waits', () => {
    renderHarness(false, vi.fn());
    expect(screen.queryByText(/New version available/)).toBeNull();
  });

  it('offers a Reload button that stays until used', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    renderHarness(true, reload);
    expect(screen.getByText('New version available — reload to update.')).toBeTruthy();

    act(() => vi.advanceTimersByTime(60_000));
    const button = screen.getByRole('button', { name: 'Reload' });
    fireEvent.click(button);
    expect(reload).toHaveBeenCalledOnce();
  });
});
