import { Alert, type AlertProps } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

/** The one way screens say that something needs a connection (a polite live region). */
export function OfflineAlert({ children, ...props }: AlertProps & { 'data-testid'?: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      role="status"
      icon={<IconCloudOff size={20} aria-hidden />}
      {...props}
    >
      {children}
    </Alert>
  );
}
