import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LOGIN_ROUTE } from '../../../core/redirects';
import type { User } from '../../api/types';
import { useSession } from '../session';
import type { RedeemState } from './use-redeem-link';

/**
 * What a mailed link's page shows: a loader while it is redeemed, then how it went and where to
 * go: signed in, `signedInAction`; signed out, Log In.
 */
export function RedeemLinkOutcome({
  state,
  pendingText,
  successTitle,
  success,
  signedInAction,
}: {
  state: RedeemState;
  pendingText: string;
  successTitle: string;
  /** The body of the success alert. */
  success: (user: User) => ReactNode;
  /** The button under the alert for a signed-in visitor. */
  signedInAction: ReactNode;
}) {
  const signedIn = useSession().status === 'signed-in';
  if (state.kind === 'pending') {
    return (
      <Group justify="center" gap="sm" py="lg">
        <Loader size="sm" />
        <Text c="dimmed">{pendingText}</Text>
      </Group>
    );
  }
  return (
    <Stack gap="lg">
      {state.kind === 'redeemed' ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden />}
          title={successTitle}
        >
          {success(state.user)}
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
          signedInAction
        ) : (
          <Button component={Link} to={LOGIN_ROUTE}>
            Log In
          </Button>
        )}
      </Group>
    </Stack>
  );
}
