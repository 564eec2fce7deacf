import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { updateNameInfo } from '../../api/account';
import type { Profile } from '../../api/types';
import { toast } from '../../ui/toast';
import { serverMessageOf } from './server-message';

/** The server's username rule: 3 to 30 letters, digits, dots, dashes and underscores. */
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;
const FULL_NAME_MAX = 100;

/** Username and full name. */
export function ProfileNamesCard({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const [username, setUsername] = useState(profile.username ?? '');
  const [fullName, setFullName] = useState(profile.full_name ?? '');
  const [pending, setPending] = useState(false);
  const changed =
    username.trim() !== (profile.username ?? '') || fullName.trim() !== (profile.full_name ?? '');
  const valid = USERNAME_PATTERN.test(username.trim()) && fullName.trim().length <= FULL_NAME_MAX;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed || !valid || pending) return;
    setPending(true);
    try {
      const saved = await updateNameInfo(username.trim(), fullName.trim());
      onSaved(saved);
      setUsername(saved.username ?? '');
      setFullName(saved.full_name ?? '');
      toast.success('Profile saved');
    } catch (error) {
      toast.error(serverMessageOf(error, 'Your profile could not be saved. Try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Profile
            </Title>
            <Text size="sm" c="dimmed">
              How you appear in Waveframe.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Username"
              description="3 to 30 letters, digits, dots, dashes or underscores"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <TextInput
              label="Full Name"
              description="Optional"
              autoComplete="name"
              value={fullName}
              onChange={(event) => setFullName(event.currentTarget.value)}
              maxLength={FULL_NAME_MAX}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!changed || !valid}
              loading={pending}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            >
              Save Profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
