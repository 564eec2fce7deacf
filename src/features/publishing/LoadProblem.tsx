import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { messageOf } from './server-answers';
import type { ServerData } from './use-server-data';

/** Something the page needs could not be loaded: why, and Try again. */
export function LoadProblem({
  what,
  source,
}: {
  /** "Your channels could not be loaded." */
  what: string;
  /** The failed load, asked again by Try again. */
  source: Pick<ServerData<unknown>, 'error' | 'refreshing' | 'reload'>;
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
          {what} {messageOf(source.error)}
        </span>
        <Button
          size="compact-sm"
          variant="white"
          color="red"
          loading={source.refreshing}
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void source.reload()}
        >
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
