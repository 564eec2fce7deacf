import { Card, Divider, NavLink, Stack, Title } from '@mantine/core';
import {
  IconBrandYoutube,
  IconChevronRight,
  IconCreditCard,
  IconMailCog,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/**
 * Where the rest of the account lives: e-mail preferences, the plan, the connected channels, and
 * deleting it all.
 */
export function AccountLinksCard() {
  const chevron = <IconChevronRight size={16} aria-hidden />;
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Settings
        </Title>
        <NavLink
          component={Link}
          to="/account/modify-email-prefs"
          label="Email Preferences"
          description="Product news and render notifications"
          leftSection={<IconMailCog size={20} stroke={1.7} aria-hidden />}
          rightSection={chevron}
        />
        <NavLink
          component={Link}
          to="/account/plan"
          label="My Plan"
          description="Plan, credits, invoices and payment method"
          leftSection={<IconCreditCard size={20} stroke={1.7} aria-hidden />}
          rightSection={chevron}
        />
        <NavLink
          component={Link}
          to="/media/connected-accounts"
          label="Connected Accounts"
          description="YouTube channels you publish your videos to"
          leftSection={<IconBrandYoutube size={20} stroke={1.7} aria-hidden />}
          rightSection={chevron}
        />
        <Divider />
        <NavLink
          component={Link}
          to="/account/permanently-delete"
          label="Permanently Delete Account"
          description="Remove your account and everything in it"
          color="red"
          active
          variant="subtle"
          leftSection={<IconTrash size={20} stroke={1.7} aria-hidden />}
          rightSection={chevron}
        />
      </Stack>
    </Card>
  );
}
