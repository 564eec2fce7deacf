import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck, IconSend } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { WAIT_AND_RETRY } from '../../../core/account-messages';
import { normalizeEmail } from '../../../core/email-check';
import { LOGIN_ROUTE } from '../../../core/redirects';
import { forgotPassword } from '../../api/account';
import { failureOf } from '../../api/api-error';
import { toast } from '../../ui/toast';
import { AuthPageLayout } from './AuthPageLayout';
import { NO_CONNECTION } from './connection-messages';

/** /forgot-password: mails a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = normalizeEmail(email);
    if (!address || pending) return;
    setPending(true);
    try {
      await forgotPassword(address);
      setSentTo(address);
    } catch (error) {
      const { status } = failureOf(error);
      toast.error(
        status === 429
          ? WAIT_AND_RETRY
          : status === 0
            ? NO_CONNECTION
            : 'We could not send the email just now. Try again in a moment.',
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthPageLayout title={title} description={description}>
      {sentTo ? (
        <Stack gap="md">
          <Alert
            color="teal"
            variant="light"
            icon={<IconMailCheck size={20} aria-hidden />}
            title="Check your inbox"
          >
            If an account exists for{' '}
            <Text span fw={700} inherit style={{ overflowWrap: 'anywhere' }}>
              {sentTo}
            </Text>
            , we sent it a link to reset its password. The link works for one hour.
          </Alert>
          <Button component={Link} to={LOGIN_ROUTE} variant="light" fullWidth>
            Back to Log In
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Forgot password">
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              size="md"
              data-autofocus
            />
            <Button
              type="submit"
              size="md"
              fullWidth
              disabled={email.trim().length === 0}
              loading={pending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              Send Reset Link
            </Button>
            <Text size="sm" ta="center" c="dimmed">
              Remembered it?{' '}
              <Anchor component={Link} to={LOGIN_ROUTE} fw={600}>
                Log in
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthPageLayout>
  );
}
