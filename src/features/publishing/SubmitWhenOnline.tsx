import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOnline } from '../../lib/network';
import { OFFLINE_ACTION } from '../../lib/offline-messages';

/** A form's submit button, at its end: offline it is disabled and says why beside it. */
export function SubmitWhenOnline({
  sending,
  disabled = false,
  icon,
  children,
}: {
  sending: boolean;
  /** Disabled for a reason of the form's own (nothing chosen yet). */
  disabled?: boolean;
  icon: ReactNode;
  children: string;
}) {
  const online = useOnline();
  return (
    <Group justify="flex-end" gap="sm">
      {!online && (
        <Text size="sm" c="dimmed">
          {OFFLINE_ACTION}
        </Text>
      )}
      <Button
        type="submit"
        size="md"
        color="red"
        loading={sending}
        disabled={!online || disabled}
        leftSection={icon}
      >
        {children}
      </Button>
    </Group>
  );
}
