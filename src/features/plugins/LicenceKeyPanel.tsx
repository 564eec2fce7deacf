import { Alert, Anchor, Button, Code, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCrown, IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CopyTextButton } from '../../ui/CopyTextButton';
import { formatDate } from '../../lib/format';
import { LICENCE_CHECK_FAILED, UPGRADE_PATH } from './plugin-content';
import type { LicenceState } from './use-plugin-licence';

/** The user's licence key with its copy button, its expiry and the check made in this browser. */
export function LicenceKeyPanel({
  pluginName,
  state,
}: {
  pluginName: string;
  state: LicenceState;
}) {
  switch (state.kind) {
    case 'loading':
      return (
        <Skeleton
          h={96}
          radius="md"
          role="status"
          aria-busy
          aria-label="Loading your licence key"
        />
      );
    case 'premium-required':
      return (
        <Alert
          color="yellow"
          variant="light"
          radius="md"
          icon={<IconCrown size={20} aria-hidden />}
          title="Licence key with a premium plan"
          data-testid="licence-upgrade"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {pluginName} comes with the premium plans: upgrade to download it and get your licence
              key.
            </Text>
            <Button component={Link} to={UPGRADE_PATH} size="xs" color="yellow" c="dark">
              Upgrade
            </Button>
          </Stack>
        </Alert>
      );
    case 'failed':
      return (
        <Alert
          color="red"
          variant="light"
          radius="md"
          icon={<IconAlertTriangle size={20} aria-hidden />}
        >
          {state.offline
            ? 'Your licence key needs a connection: it loads as soon as you are back online.'
            : 'Your licence key could not be loaded. Reload the page to try again.'}
        </Alert>
      );
    case 'ready': {
      const { licence, check } = state;
      return (
        <Stack gap="xs" data-testid="licence-key-panel">
          <Group justify="space-between" align="center" gap="sm">
            <Text fw={600}>Your licence key</Text>
            <CopyTextButton
              text={licence.licence_key}
              label="Copy licence key"
              confirmation="Licence key copied"
            />
          </Group>
          <Code
            block
            data-testid="licence-key"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {licence.licence_key}
          </Code>
          <Text size="sm" c="dimmed" data-testid="licence-expiry">
            Issued to your account on {formatDate(licence.issued_at)}; valid until{' '}
            {formatDate(licence.expires_at)}. Paste it into the plugin’s Activate window.
          </Text>
          {check && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              {check.valid ? (
                <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
              ) : (
                <IconAlertTriangle size={18} color="var(--mantine-color-red-6)" aria-hidden />
              )}
              <Text size="sm" data-testid="licence-check">
                {check.valid
                  ? 'Checked in this browser with the public key below: the signature is genuine.'
                  : (LICENCE_CHECK_FAILED[check.reason] ?? 'This key does not check out.')}
              </Text>
            </Group>
          )}
          <Anchor component={Link} to="/support" size="sm">
            Trouble activating? See Support.
          </Anchor>
        </Stack>
      );
    }
  }
}
