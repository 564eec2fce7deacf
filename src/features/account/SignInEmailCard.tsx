import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { emailChangeFailureMessage, emailChangeSentMessage } from '../../../core/account-messages';
import { prepareEmailChange } from '../../../core/account-validation';
import { initiatePrimaryEmailChange } from '../../api/account';
import { failureOf } from '../../api/api-error';
import { toast } from '../../ui/toast';

/**
 * Moving the account to another address: the new address gets a confirmation link, and nothing
 * changes until it is opened. The shared e-mail check and messages are those of spec 5 and 8.
 */
export function SignInEmailCard({ email }: { email: string }) {
  const [value, setValue] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || value.trim().length === 0) return;
    const { email: next, warning: problem } = prepareEmailChange(value);
    setWarning(problem);
    setPending(true);
    try {
      const answer = await initiatePrimaryEmailChange(next);
      const address = answer?.email ?? next;
      setSentTo(address);
      setValue('');
      toast.success(emailChangeSentMessage(address));
    } catch (error) {
      toast.error(emailChangeFailureMessage(failureOf(error)));
    } finally {
      setPending(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change sign-in email">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Sign-in Email
            </Title>
            <Text size="sm" c="dimmed">
              You log in with{' '}
              <Text span fw={600} inherit style={{ overflowWrap: 'anywhere' }}>
                {email}
              </Text>
              . To move your account to another address, we email that address a link to confirm.
            </Text>
          </div>
          {sentTo && (
            <Alert
              color="teal"
              variant="light"
              icon={<IconMailCheck size={20} aria-hidden />}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setSentTo(null)}
            >
              Open the link we sent to {sentTo} to finish the change. Until then you keep logging in
              with {email}.
            </Alert>
          )}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="New Email Address"
              type="email"
              autoComplete="email"
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setWarning(null);
              }}
              error={warning}
              style={{ flex: '1 1 240px' }}
            />
            <Button
              type="submit"
              variant="light"
              disabled={value.trim().length === 0}
              loading={pending}
              leftSection={<IconMailForward size={18} aria-hidden />}
              mb={warning ? 22 : 0}
            >
              Change Email
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
