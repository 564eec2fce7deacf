import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EMAIL_CHANGE_MESSAGES } from '../../../core/account-messages';
import { confirmEmailChange } from '../../api/account';
import { failureOf } from '../../api/api-error';
import { AuthPageLayout, RedeemLinkOutcome, useCurrentLocation, useRedeemLink } from '../auth';

function changeFailureMessage(error: unknown): string {
  const { status, exc } = failureOf(error);
  if (status === 403 && exc === 'EmailAddressAlreadyInUse') return EMAIL_CHANGE_MESSAGES.inUse;
  if (status === 403) {
    return 'This confirmation link is no longer valid. Start the change again from your profile.';
  }
  return 'We could not confirm the change just now. Open the link again in a moment.';
}

function ConfirmEmailChange({ token }: { token: string }) {
  const state = useRedeemLink(
    'confirm-email-change',
    token,
    confirmEmailChange,
    changeFailureMessage,
  );
  return (
    <RedeemLinkOutcome
      state={state}
      pendingText="Confirming your new email…"
      successTitle="Email changed"
      success={(user) => (
        <>
          You now log in with{' '}
          <Text span fw={700} inherit style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          .
        </>
      )}
      signedInAction={
        <Button component={Link} to="/account">
          Go to My Profile
        </Button>
      }
    />
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
