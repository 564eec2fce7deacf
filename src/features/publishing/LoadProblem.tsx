import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { messageOf } from './server-answers';

/** Something the page needs could not be loaded: why, and Try again. */
export function LoadProblem({
  what,
  error,
  refreshing,
  onRetry,
}: {
  /** "Your channels could not be loaded." */
  what: string;
  error: unknown;
  refreshing: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="load-problem"
    >
      <Group justify="space-between" gap="sm">
        <span>
          {what} {messageOf(error)}
        </span>
        <Button
          size="compact-sm"
          variant="white"
          color="red"
          loading={refreshing}
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
