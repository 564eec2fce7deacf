import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TOAST_TIMEOUT_MS } from './constants';

export type ToastType = 'success' | 'error' | 'info';

const LOOK: Record<ToastType, { color: string; icon: ReactNode }> = {
  success: { color: 'teal', icon: <IconCircleCheck size={20} stroke={2} aria-hidden /> },
  error: { color: 'red', icon: <IconAlertTriangle size={20} stroke={2} aria-hidden /> },
  info: { color: 'blue', icon: <IconInfoCircle size={20} stroke={2} aria-hidden /> },
};

/** The toast is dark in both colour schemes (spec 2: "a dark toast at the bottom"). */
export const DARK_TOAST_STYLES = {
  root: {
    backgroundColor: 'var(--mantine-color-dark-8)',
    border: '1px solid var(--mantine-color-dark-5)',
    boxShadow: 'var(--mantine-shadow-lg)',
  },
  title: { color: 'var(--mantine-color-white)' },
  description: { color: 'var(--mantine-color-gray-2)', fontSize: 'var(--mantine-font-size-sm)' },
  closeButton: { color: 'var(--mantine-color-gray-4)' },
} as const;

function show(type: ToastType, message: ReactNode): string {
  const { color, icon } = LOOK[type];
  return notifications.show({
    message,
    color,
    icon,
    autoClose: TOAST_TIMEOUT_MS,
    styles: DARK_TOAST_STYLES,
    'data-toast-type': type,
  });
}

/** Shows a short message at the bottom of the screen that closes after 5 seconds. */
export const toast = {
  success: (message: ReactNode) => show('success', message),
  error: (message: ReactNode) => show('error', message),
  info: (message: ReactNode) => show('info', message),
};
