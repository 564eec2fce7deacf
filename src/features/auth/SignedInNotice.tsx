import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconPhotoVideo } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DEFAULT_SIGNED_IN_ROUTE } from '../../../core/redirects';

/** What the panel shows to someone already signed in with a verified address. */
export function SignedInNotice({ email, onNavigate }: { email: string; onNavigate?: () => void }) {
  return (
    <Stack gap="md" align="center" ta="center" py="sm">
      <ThemeIcon size={52} radius="xl" variant="light" color="teal" aria-hidden>
        <IconCircleCheck size={28} stroke={1.6} />
      </ThemeIcon>
      <Text>
        You are logged in as{' '}
        <Text span fw={700} style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>
        .
      </Text>
      <Button
        component={Link}
        to={DEFAULT_SIGNED_IN_ROUTE}
        onClick={onNavigate}
        leftSection={<IconPhotoVideo size={18} aria-hidden />}
      >
        Go to My Media
      </Button>
    </Stack>
  );
}
