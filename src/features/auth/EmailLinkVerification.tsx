import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CODE_MESSAGES, REFRESH_MESSAGES, type CallFailure } from '../../../core/account-messages';
import { DEFAULT_SIGNED_IN_ROUTE, LOGIN_ROUTE } from '../../../core/redirects';
import { verifyEmailLink } from '../../api/account';
import { failureOf } from '../../api/api-error';
import { oncePerKey } from '../../lib/once-per-key';
import { useSession, useSessionStore } from '../session/SessionContext';

type LinkState = { kind: 'pending' } | { kind: 'verified' } | { kind: 'failed'; message: string };

/** Why a mailed verification link did not work. */
function linkFailureMessage(failure: CallFailure): string {
  if (failure.exc === 'CodeExpired') return CODE_MESSAGES.expired;
  if (failure.exc === 'CodeInvalid') {
    return 'This verification link is not valid. Use the newest email we sent, or request a new one.';
  }
  return 'We could not verify your email just now. Open the link again in a moment.';
}

/** /account/email-verification?token=…: verifies the mailed link, signed in or not, and says so. */
export function EmailLinkVerification({ token }: { token: string }) {
  const sessionStore = useSessionStore();
  const session = useSession();
  const [state, setState] = useState<LinkState>({ kind: 'pending' });

  useEffect(() => {
    let current = true;
    oncePerKey(`verify-email:${token}`, () => verifyEmailLink(token)).then(
      ({ user }) => {
        if (!current) return;
        // The same account signed in here: its session learns it is verified.
        const signedIn = sessionStore.getState().user;
        if (signedIn?.user_uuid === user.user_uuid) sessionStore.updateUser(user);
        setState({ kind: 'verified' });
      },
      (error: unknown) => {
        if (current) setState({ kind: 'failed', message: linkFailureMessage(failureOf(error)) });
      },
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
        <Text c="dimmed">Verifying your email…</Text>
      </Group>
    );
  }

  return (
    <Stack gap="lg">
      {state.kind === 'verified' ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden />}
          title={REFRESH_MESSAGES.verified}
        >
          {signedIn
            ? 'You are all set: your media and renders are waiting.'
            : 'Log in to start making videos.'}
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
          state.kind === 'verified' || session.user?.email_verified ? (
            <Button component={Link} to={DEFAULT_SIGNED_IN_ROUTE}>
              Go to My Media
            </Button>
          ) : (
            <Button component={Link} to="/account/email-verification">
              Enter Your Code Instead
            </Button>
          )
        ) : (
          <Button component={Link} to={LOGIN_ROUTE}>
            Log In
          </Button>
        )}
      </Group>
    </Stack>
  );
}
