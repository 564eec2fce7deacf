// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { notifications, Notifications, notificationsStore } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_TIMEOUT_MS } from '../../../src/ui/constants';
import { toast } from '../../../src/ui/toast';
import { theme } from '../../../src/ui/theme';

function renderToasts() {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications position="bottom-center" />
    </MantineProvider>,
  );
}

function toastElement(text: string): HTMLElement {
  const element = screen.getByText(text).closest<HTMLElement>('.mantine-Notification-root');
  if (!element) throw new Error(`no toast holds "${text}"`);
  return element;
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows success, error and info messages, each with its own colour and an icon', () => {
    renderToasts();
    act(() => {
      toast.success('Saved it');
      toast.error('Broke it');
      toast.info('Noted it');
    });

    const looks = [
      ['Saved it', 'success', 'teal'],
      ['Broke it', 'error', 'red'],
      ['Noted it', 'info', 'blue'],
    ] as const;
    for (const [text, type, color] of looks) {
      const element = toastElement(text);
      expect(element.getAttribute('data-toast-type')).toBe(type);
      expect(element.getAttribute('style')).toContain(`--mantine-color-${color}`);
      expect(element.querySelector('.mantine-Notification-icon svg')).not.toBeNull();
    }
  });

  it('is dark in the light colour scheme too', () => {
    renderToasts();
    act(() => {
      toast.success('Dark please');
    });
    expect(toastElement('Dark please').getAttribute('style')).toContain('--mantine-color-dark-8');
  });

  it('sits at the bottom centre', () => {
    renderToasts();
    act(() => {
      toast.info('Where am I');
    });
    const container = toastElement('Where am I').closest('[data-position]');
    expect(container?.getAttribute('data-position')).toBe('bottom-center');
  });

  it('closes by itself after 5000 ms', () => {
    vi.useFakeTimers();
    renderToasts();
    const open = () => notificationsStore.getState().notifications.length;
    act(() => {
      toast.success('Short lived');
    });
    expect(open()).toBe(1);

    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 100));
    expect(open()).toBe(1);
    expect(screen.queryByText('Short lived')).not.toBeNull();

    act(() => vi.advanceTimersByTime(200));
    expect(open()).toBe(0);
    // Then it slides away.
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Short lived')).toBeNull();
    expect(TOAST_TIMEOUT_MS).toBe(5000);
  });
});
