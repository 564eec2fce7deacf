import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PUBLISHING_MESSAGES } from './publishing-messages';

/** This installation has no YouTube access: said before anything is asked of the server. */
export function YouTubeNotConfigured() {
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      title="YouTube is not set up here"
      icon={<IconInfoCircle size={20} aria-hidden />}
      data-testid="youtube-not-configured"
    >
      {PUBLISHING_MESSAGES.notConfigured}
    </Alert>
  );
}
