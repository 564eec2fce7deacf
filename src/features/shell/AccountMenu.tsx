import { Badge, Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconLogout,
  IconMovie,
  IconPhotoVideo,
  IconSparkles,
  IconUser,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from '../../ui/constants';
import { useSession } from '../session';
import { creditFigures } from './credit-figures';
import { MY_MEDIA_LINK, MY_PROFILE_LINK, PLAN_ISSUE_LINK } from './shell-links';
import { useLogout } from './use-logout';

const CREDIT_ICONS = [
  <IconPhotoVideo key="viz" size={16} stroke={1.7} aria-hidden />,
  <IconMovie key="canvas" size={16} stroke={1.7} aria-hidden />,
];

/** Signed in: My Media, My Profile, Visualizer Credits, Canvas Quota and Logout. */
export function AccountMenu() {
  const session = useSession();
  const logout = useLogout();
  return (
    <Menu
      trigger="click-hover"
      openDelay={MENU_OPEN_DELAY_MS}
      closeDelay={MENU_CLOSE_DELAY_MS}
      position="bottom-end"
      width={250}
      shadow="md"
      withinPortal
    >
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconUserCircle size={18} stroke={1.7} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          My Account
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {session.user && <Menu.Label>{session.user.email}</Menu.Label>}
        <Menu.Item
          component={Link}
          to={MY_MEDIA_LINK.to}
          leftSection={<IconPhotoVideo size={16} stroke={1.7} aria-hidden />}
        >
          {MY_MEDIA_LINK.label}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={MY_PROFILE_LINK.to}
          leftSection={<IconUser size={16} stroke={1.7} aria-hidden />}
        >
          {MY_PROFILE_LINK.label}
        </Menu.Item>
        <Menu.Divider />
        {creditFigures(session.plan).map((figure, i) => (
          <Menu.Item
            key={figure.label}
            component={Link}
            to={PLAN_ISSUE_LINK.to}
            leftSection={CREDIT_ICONS[i] ?? <IconSparkles size={16} aria-hidden />}
            rightSection={
              <Badge variant="light" size="md" radius="sm" tt="none" aria-hidden>
                {figure.value}
              </Badge>
            }
            aria-label={`${figure.label}: ${figure.value}`}
          >
            {figure.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} stroke={1.7} aria-hidden />}
          onClick={() => void logout()}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
