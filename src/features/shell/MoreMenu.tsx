import { Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconFileText,
  IconHelpCircle,
  IconLifebuoy,
  IconMicrophone2,
  IconPackage,
  IconShieldLock,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from '../../ui/constants';
import { copyrightLine, MORE_LINKS, type ShellLink } from './shell-links';

const ICONS: Record<string, ReactNode> = {
  FAQ: <IconHelpCircle size={16} stroke={1.7} aria-hidden />,
  Support: <IconLifebuoy size={16} stroke={1.7} aria-hidden />,
  'Terms of Service': <IconFileText size={16} stroke={1.7} aria-hidden />,
  'Privacy Policy': <IconShieldLock size={16} stroke={1.7} aria-hidden />,
  'Release Kits': <IconPackage size={16} stroke={1.7} aria-hidden />,
  'Timed Lyrics': <IconMicrophone2 size={16} stroke={1.7} aria-hidden />,
};

/**
 * FAQ, Support, Terms of Service, Privacy Policy and the copyright line; first the `creators`
 * the bar has no room for.
 */
export function MoreMenu({ creators = [] }: { creators?: readonly ShellLink[] }) {
  return (
    <Menu
      trigger="click-hover"
      openDelay={MENU_OPEN_DELAY_MS}
      closeDelay={MENU_CLOSE_DELAY_MS}
      position="bottom-end"
      width={230}
      shadow="md"
      withinPortal
    >
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          px="sm"
        >
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {creators.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to} leftSection={ICONS[link.label]}>
            {link.label}
          </Menu.Item>
        ))}
        {creators.length > 0 && <Menu.Divider />}
        {MORE_LINKS.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to} leftSection={ICONS[link.label]}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{copyrightLine(new Date().getFullYear())}</Menu.Label>
      </Menu.Dropdown>
    </Menu>
  );
}
