import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DEFAULT_SIGNED_IN_ROUTE } from '../../../core/redirects';
import { useSession } from '../session';
import { AuthPageLayout } from './AuthPageLayout';
import { AuthPanel } from './AuthPanel';
import { EmailLinkVerification } from './EmailLinkVerification';
import { useCurrentLocation } from './use-current-location';
import { VerificationStep } from './VerificationStep';

function VerifiedNotice({ email }: { email: string }) {
  return (
    <Stack gap="md" align="center" ta="center">
      <IconCircleCheck size={44} stroke={1.5} color="var(--mantine-color-teal-6)" aria-hidden />
      <Text>
        <Text span fw={700} style={{ overflowWrap: 'anywhere' }}>
          {email}
        </Text>{' '}
        is verified.
      </Text>
      <Button component={Link} to={DEFAULT_SIGNED_IN_ROUTE}>
        Go to My Media
      </Button>
    </Stack>
  );
}

/**
 * /account/email-verification: with ?token= it verifies the mailed link; otherwise it shows the
 * verification step to a signed-in visitor whose address is not verified yet.
 */
export function EmailVerificationScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const session = useSession();
  const { param } = useCurrentLocation();
  const token = param('token');

  let content;
  if (token) content = <EmailLinkVerification token={token} />;
  else if (session.status === 'unchecked') {
    content = (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Loading" />
      </Group>
    );
  } else if (session.status === 'signed-in' && session.user) {
    content = session.user.email_verified ? (
      <VerifiedNotice email={session.user.email} />
    ) : (
      <VerificationStep />
    );
  } else {
    content = (
      <Stack gap="lg">
        <Text c="dimmed" size="sm" ta="center">
          Log in to enter the code from your verification email. The link in that email works
          without logging in.
        </Text>
        <AuthPanel />
      </Stack>
    );
  }

  return (
    <AuthPageLayout title={title} description={description}>
      {content}
    </AuthPageLayout>
  );
}
