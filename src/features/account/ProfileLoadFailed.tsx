import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The profile could not be fetched: say so and offer another try. */
export function ProfileLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} aria-hidden />}
      title="Your profile could not be loaded"
    >
      Check your connection, then try again.
      <Button variant="light" color="red" size="xs" mt="sm" display="block" onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}
