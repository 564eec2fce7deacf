import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { EMAIL_CHANGE_MESSAGES } from '../../../core/account-messages';
import { LOGIN_ROUTE } from '../../../core/redirects';
import { confirmEmailChange } from '../../api/account';
import { failureOf } from '../../api/api-error';
import { oncePerKey } from '../../lib/once-per-key';
import { AuthPageLayout } from '../auth/AuthPageLayout';
import { useCurrentLocation } from '../auth/use-current-location';
import { useSession, useSessionStore } from '../session/SessionContext';

type ChangeState =
  { kind: 'pending' } | { kind: 'confirmed'; email: string } | { kind: 'failed'; message: string };

function changeFailureMessage(error: unknown): string {
  const { status, exc } = failureOf(error);
  if (status === 403 && exc === 'EmailAddressAlreadyInUse') return EMAIL_CHANGE_MESSAGES.inUse;
  if (status === 403) {
    return 'This confirmation link is no longer valid. Start the change again from your profile.';
  }
  return 'We could not confirm the change just now. Open the link again in a moment.';
}

function ConfirmEmailChange({ token }: { token: string }) {
  const sessionStore = useSessionStore();
  const session = useSession();
  const [state, setState] = useState<ChangeState>({ kind: 'pending' });

  useEffect(() => {
    let current = true;
    oncePerKey(`confirm-email-change:${token}`, () => confirmEmailChange(token)).then(
      ({ user }) => {
        if (!current) return;
        if (sessionStore.getState().user?.user_uuid === user.user_uuid) {
          sessionStore.updateUser(user);
        }
        setState({ kind: 'confirmed', email: user.email });
      },
      (error: unknown) =>
        current && setState({ kind: 'failed', message: changeFailureMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [token, sessionStore]);

  const signedIn = session.status === 'signed-in';
  if (state.kind === 'pending') {
    return (
      <Group justify="center" gap="sm" py="lg">
        <Loader size="sm" />
        <Text c="dimmed">Confirming your new email…</Text>
      </Group>
    );
  }
  return (
    <Stack gap="lg">
      {state.kind === 'confirmed' ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden />}
          title="Email changed"
        >
          You now log in with{' '}
          <Text span fw={700} inherit style={{ overflowWrap: 'anywhere' }}>
            {state.email}
          </Text>
          .
        </Alert>
      ) : (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden />}
          role="alert"
        >
          {state.message}
        </Alert>
      )}
      <Group justify="center">
        {signedIn ? (
          <Button component={Link} to="/account">
            Go to My Profile
          </Button>
        ) : (
          <Button component={Link} to={LOGIN_ROUTE}>
            Log In
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** /account/email-change?token=…: confirms the move of the account to a new address. */
export function EmailChangeScreen({ title, description }: { title: string; description: string }) {
  const token = useCurrentLocation().param('token');
  return (
    <AuthPageLayout title={title} description={description}>
      {token ? (
        <ConfirmEmailChange token={token} />
      ) : (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            This page needs the link we emailed to your new address. To change your email, start
            from your profile.
          </Alert>
          <Button component={Link} to="/account" fullWidth>
            Go to My Profile
          </Button>
        </Stack>
      )}
    </AuthPageLayout>
  );
}
