import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AuthPageLayout } from '../auth';
import { useSession } from '../session';

/** /account/modify-email-prefs-success. */
export function EmailPrefsSavedScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const session = useSession();
  return (
    <AuthPageLayout title={title} description={description}>
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={28} stroke={1.6} />
        </ThemeIcon>
        <Text>We will only send you the emails you chose. You can change this at any time.</Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to="/account/modify-email-prefs" variant="default">
            Review Preferences
          </Button>
          {session.status === 'signed-in' && (
            <Button component={Link} to="/account">
              Go to My Profile
            </Button>
          )}
        </Group>
      </Stack>
    </AuthPageLayout>
  );
}
