import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { ServiceWorkerUpdates } from './features/pwa';
import { SessionProvider, type SessionStore } from './features/session';
import type { AppRouter } from './routes/router';
import { TOAST_TIMEOUT_MS } from './ui/constants';
import { cssVariablesResolver, theme } from './ui/theme';

/** Theme, toasts, session and router: everything a screen can count on. */
export function App({ router, session }: { router: AppRouter; session: SessionStore }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Notifications
        position="bottom-center"
        autoClose={TOAST_TIMEOUT_MS}
        limit={4}
        zIndex={1000}
      />
      <SessionProvider store={session}>
        <RouterProvider router={router} />
      </SessionProvider>
      <ServiceWorkerUpdates />
    </MantineProvider>
  );
}
