import { Button, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailCheck, IconPencil, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { REFRESH_MESSAGES } from '../../../core/account-messages';
import { refreshEmailVerification } from '../../api/account';
import type { User } from '../../api/types';
import { toast } from '../../ui/toast';
import { useSession } from '../session';
import { ResendHelp } from './ResendHelp';
import { SignInEmailForm } from './SignInEmailForm';
import { useCompleteVerification } from './use-complete-verification';
import { useResendCooldown } from './use-resend-cooldown';
import { VerificationCodeForm } from './VerificationCodeForm';

type Mode = 'code' | 'email';

/**
 * The verification step (spec 2): enter the mailed code, fix a mistyped address, refresh after
 * clicking the mailed link, or have the mail sent again.
 */
export function VerificationStep({ onVerified }: { onVerified?: (user: User) => void }) {
  const { user } = useSession();
  const complete = useCompleteVerification(onVerified);
  const cooldown = useResendCooldown();
  const [mode, setMode] = useState<Mode>('code');
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      const { user: fresh } = await refreshEmailVerification();
      if (fresh.email_verified) await complete(fresh, REFRESH_MESSAGES.verified);
      else toast.info(REFRESH_MESSAGES.notYet);
    } catch {
      toast.error(REFRESH_MESSAGES.failed);
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <Stack gap="lg" data-testid="verification-step">
      <Stack gap={6} align="center" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
          <IconMailCheck size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={26}>
          One Last Step
        </Title>
        <Text c="dimmed" size="sm">
          {mode === 'code'
            ? 'Enter the 6-digit code we emailed to'
            : 'Type the right address; we will email a new code to it. The code went to'}
        </Text>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="verification-email">
          {user?.email}
        </Text>
      </Stack>

      {mode === 'code' ? (
        <VerificationCodeForm onVerified={complete} />
      ) : (
        <SignInEmailForm
          onChanged={() => {
            cooldown.markSent();
            setMode('code');
          }}
        />
      )}

      <Group justify="center" gap={4} wrap="wrap">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={
            mode === 'code' ? (
              <IconPencil size={16} aria-hidden />
            ) : (
              <IconShieldCheck size={16} aria-hidden />
            )
          }
          onClick={() => setMode(mode === 'code' ? 'email' : 'code')}
        >
          {mode === 'code' ? 'Mistyped Your Email?' : 'Enter Code'}
        </Button>
        <Button
          variant="subtle"
          size="compact-sm"
          color="gray"
          loading={refreshing}
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void refresh()}
          title="Clicked the link in the email? Check again."
        >
          I Clicked the Link
        </Button>
      </Group>

      <Divider />
      <ResendHelp cooldown={cooldown} />
    </Stack>
  );
}
