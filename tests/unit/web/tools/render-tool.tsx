import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { theme } from '../../../../src/ui/theme';

/** Renders a tool screen inside Mantine, with the toasts it shows. */
export function renderTool(ui: ReactNode) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications position="bottom-center" />
      {ui}
    </MantineProvider>,
  );
}

/** A clipboard that records what is written to it. */
export function stubClipboard() {
  const writeText = vi.fn((_text: string) => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText, readText: vi.fn() },
  });
  return writeText;
}
