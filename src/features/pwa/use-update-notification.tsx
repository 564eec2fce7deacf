import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { DARK_TOAST_STYLES } from '../../ui/toast';

export const UPDATE_NOTIFICATION_ID = 'app-update';

/** While a new version waits, a notification that stays until the user reloads or dismisses it. */
export function useUpdateNotification(needRefresh: boolean, reload: () => void): void {
  useEffect(() => {
    if (!needRefresh) return undefined;
    notifications.show({
      id: UPDATE_NOTIFICATION_ID,
      autoClose: false,
      color: 'wave',
      icon: <IconRefresh size={18} aria-hidden />,
      styles: DARK_TOAST_STYLES,
      message: (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" c="gray.1">
            New version available — reload to update.
          </Text>
          <Button size="compact-sm" onClick={reload}>
            Reload
          </Button>
        </Group>
      ),
    });
    return () => {
      notifications.hide(UPDATE_NOTIFICATION_ID);
    };
  }, [needRefresh, reload]);
}
