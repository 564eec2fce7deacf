import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { WAIT_AND_RETRY } from '../../../core/account-messages';
import { initChangePassword } from '../../api/account';
import { failureOf } from '../../api/api-error';
import { toast } from '../../ui/toast';

/** Change password: the server mails a link to choose a new one. */
export function PasswordCard({ email }: { email: string }) {
  const [pending, setPending] = useState(false);

  async function send() {
    setPending(true);
    try {
      await initChangePassword();
      toast.success(`We emailed ${email} a link to choose a new password.`);
    } catch (error) {
      toast.error(
        failureOf(error).status === 429
          ? WAIT_AND_RETRY
          : 'We could not send the password email. Try again in a moment.',
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Title order={2} fz="lg">
            Password
          </Title>
          <Text size="sm" c="dimmed">
            We email you a link to choose a new password. Changing it logs you out everywhere.
          </Text>
        </Stack>
        <Button
          variant="default"
          onClick={() => void send()}
          loading={pending}
          leftSection={<IconKey size={18} aria-hidden />}
        >
          Change Password
        </Button>
      </Group>
    </Card>
  );
}
