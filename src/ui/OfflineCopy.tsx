import { Badge, Text, type AlertProps } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lastUpdated } from '../lib/offline-messages';
import { OfflineAlert } from './OfflineAlert';

/** Beside a page's title while offline: what it shows is this device's saved copy. */
export function OfflineMarker() {
  return (
    <Badge
      color="orange"
      variant="light"
      size="lg"
      radius="sm"
      leftSection={<IconCloudOff size={14} aria-hidden />}
      data-testid="offline-marker"
    >
      Offline
    </Badge>
  );
}

/**
 * Says, offline, that a screen shows its saved copy and what needs a connection, and when that
 * copy was fetched from the server (when it is known).
 */
export function OfflineCopyNotice({
  children,
  savedAt,
  ...props
}: Omit<AlertProps, 'children'> & { children: ReactNode; savedAt: number | null | undefined }) {
  return (
    <OfflineAlert {...props}>
      {children}
      {savedAt != null && (
        <Text size="sm" mt={4} data-testid="saved-at">
          {lastUpdated(savedAt)}
        </Text>
      )}
    </OfflineAlert>
  );
}
