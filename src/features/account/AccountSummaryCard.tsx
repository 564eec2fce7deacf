import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Profile } from '../../api/types';
import { FREE_TIER, useSession } from '../session';
import { creditFigures } from '../shell';

function planLabel(plan: string): string {
  if (plan === FREE_TIER) return 'Free';
  return plan
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Who is signed in: the address and whether it is verified, the plan and its credits. */
export function AccountSummaryCard({ profile }: { profile: Profile }) {
  const { plan } = useSession();
  const name = profile.full_name || profile.username || profile.email;
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" gap="lg">
        <Group gap="md" wrap="nowrap" miw={0} style={{ flex: '1 1 260px' }}>
          <Avatar size={56} radius="xl" color="wave" variant="light" aria-hidden>
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={4} miw={0}>
            {(profile.full_name || profile.username) && (
              <Text fw={700} fz="lg" truncate>
                {profile.full_name || profile.username}
              </Text>
            )}
            <Group gap="xs" wrap="wrap">
              <Text data-testid="profile-email" style={{ overflowWrap: 'anywhere' }}>
                {profile.email}
              </Text>
              {profile.email_verified ? (
                <Badge
                  color="teal"
                  variant="light"
                  leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
                >
                  Verified
                </Badge>
              ) : (
                <Badge
                  color="orange"
                  variant="light"
                  leftSection={<IconAlertTriangle size={14} aria-hidden />}
                >
                  Not verified
                </Badge>
              )}
            </Group>
            {!profile.email_verified && (
              <Button
                component={Link}
                to="/account/email-verification"
                size="xs"
                variant="light"
                color="orange"
                w="fit-content"
                mt={4}
              >
                Verify Your Email
              </Button>
            )}
          </Stack>
        </Group>
        <Stack gap={6} style={{ flex: '0 1 220px' }}>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              Plan
            </Text>
            <Badge variant="light" radius="sm" tt="none" size="md">
              {plan ? planLabel(plan.plan) : '–'}
            </Badge>
          </Group>
          {creditFigures(plan).map((figure) => (
            <Group key={figure.label} justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {figure.label}
              </Text>
              <Text size="sm" fw={600}>
                {figure.value}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Card>
  );
}
