import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

/** The publishing pages live on the server: offline, they say so and load once back online. */
export function OfflineNotice() {
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      role="status"
      icon={<IconCloudOff size={20} aria-hidden />}
      data-testid="offline-notice"
    >
      You are offline. This page needs a connection: it loads as soon as you are back online.
    </Alert>
  );
}
