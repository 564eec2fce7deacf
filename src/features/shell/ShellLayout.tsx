import { AppShell } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { TOP_BAR_HEIGHT_PX } from '../../ui/constants';
import { TopBar } from './TopBar';

/** The page frame: skip link, top bar and the current screen. */
export function ShellLayout() {
  return (
    <AppShell header={{ height: TOP_BAR_HEIGHT_PX }} padding={0}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppShell.Header withBorder>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
