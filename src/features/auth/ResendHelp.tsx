import { Button, Collapse, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { RESEND_MESSAGES, resendFailureMessage } from '../../../core/account-messages';
import { resendCountdownText } from '../../../core/resend-cooldown';
import { resendEmailVerification } from '../../api/account';
import { failureOf, isApiError } from '../../api/api-error';
import { toast } from '../../ui/toast';
import type { ResendCooldown } from './use-resend-cooldown';

/** "Didn't receive an email?": when to expect the mail, and Resend Email after the cooldown. */
export function ResendHelp({ cooldown }: { cooldown: ResendCooldown }) {
  const [opened, help] = useDisclosure(false);
  const [pending, setPending] = useState(false);
  const waiting = cooldown.secondsLeft > 0;

  async function resend() {
    setPending(true);
    try {
      await resendEmailVerification();
      cooldown.markSent();
      toast.success(RESEND_MESSAGES.sent);
    } catch (error) {
      toast.error(resendFailureMessage(failureOf(error)));
      if (isApiError(error) && error.retryAfterSeconds) cooldown.waitFor(error.retryAfterSeconds);
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap={0}>
      <UnstyledButton
        onClick={help.toggle}
        aria-expanded={opened}
        aria-controls="resend-help"
        py={6}
        style={{ alignSelf: 'center' }}
      >
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} c="dimmed">
            Didn&apos;t receive an email?
          </Text>
          <IconChevronDown
            size={16}
            aria-hidden
            style={{
              transform: opened ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms ease',
            }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} id="resend-help">
        <Stack gap="sm" pt="xs">
          <Text size="sm" c="dimmed">
            The email may take a few minutes to arrive, and it sometimes lands in a spam or
            promotions folder. If nothing has arrived after five minutes, check the address above,
            or send the email again.
          </Text>
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Button
              variant="light"
              onClick={() => void resend()}
              disabled={waiting}
              loading={pending}
              leftSection={<IconSend size={16} aria-hidden />}
            >
              Resend Email
            </Button>
            {waiting && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {resendCountdownText(cooldown.secondsLeft)}
              </Text>
            )}
          </Group>
        </Stack>
      </Collapse>
    </Stack>
  );
}
