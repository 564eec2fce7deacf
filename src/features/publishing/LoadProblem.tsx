import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { PUBLISHING_MESSAGES } from './publishing-messages';
import { messageOf } from './server-answers';
import type { ServerData } from './use-server-data';

/** Something the page needs could not be loaded: why, and Try again. */
export function LoadProblem({
  what,
  source,
}: {
  /** "Your channels could not be loaded." */
  what: string;
  /**
   * The failed load, asked again by Try again. A saved list's refresh keeps no error (it failed
   * with an answer): its words are then the general ones.
   */
  source: Pick<ServerData<unknown>, 'refreshing' | 'reload'> & { error?: unknown };
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
          {what} {'error' in source ? messageOf(source.error) : PUBLISHING_MESSAGES.loadFailed}
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
