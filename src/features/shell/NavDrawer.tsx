import {
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  NavLink,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconLogin2,
  IconLogout,
  IconMicrophone2,
  IconMovie,
  IconPackage,
  IconPhoto,
  IconPhotoVideo,
  IconSparkles,
  IconUser,
  IconUserPlus,
  IconWaveSine,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../../ui/Logo';
import { useHasVisualizers } from '../renders';
import { useSession } from '../session';
import { creditFigures } from './credit-figures';
import {
  CANVAS_VIDEOS_LINK,
  MY_MEDIA_LINK,
  MY_PROFILE_LINK,
  PLAN_ISSUE_LINK,
  SIGN_UP_PATH,
  STATIC_MUSIC_VIDEOS_LINK,
  TIMED_LYRICS_LINK,
  UPGRADE_LINK,
  musicVisualizersLink,
  RELEASE_KITS_LINK,
  showsPlanIssue,
  showsUpgrade,
} from './shell-links';
import { useLogout } from './use-logout';
import classes from './TopBar.module.css';

interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
  onLogin: () => void;
}

function DrawerLink(props: {
  label: string;
  to: string;
  icon: ReactNode;
  onClose: () => void;
  color?: string;
}) {
  return (
    <NavLink
      component={Link}
      to={props.to}
      label={props.label}
      leftSection={props.icon}
      onClick={props.onClose}
      className={classes.drawerLink}
      color={props.color}
      active={props.color !== undefined}
      variant={props.color ? 'light' : undefined}
    />
  );
}

/** The narrow layout's left drawer: it replaces the top bar's links. */
export function NavDrawer({ opened, onClose, onLogin }: NavDrawerProps) {
  const session = useSession();
  const logout = useLogout();
  const signedIn = session.status === 'signed-in';
  const hasVisualizers = useHasVisualizers();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={300}
      title={
        <>
          <Logo size={28} />
          <VisuallyHidden>navigation</VisuallyHidden>
        </>
      }
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
    >
      <Stack gap={4} component="nav" aria-label="Mobile">
        <DrawerLink
          {...musicVisualizersLink(session, hasVisualizers)}
          icon={<IconWaveSine size={18} stroke={1.7} aria-hidden />}
          onClose={onClose}
        />
        <DrawerLink
          {...STATIC_MUSIC_VIDEOS_LINK}
          icon={<IconPhoto size={18} stroke={1.7} aria-hidden />}
          onClose={onClose}
        />
        <DrawerLink
          {...CANVAS_VIDEOS_LINK}
          icon={<IconMovie size={18} stroke={1.7} aria-hidden />}
          onClose={onClose}
        />
        {signedIn && (
          <>
            <DrawerLink
              {...RELEASE_KITS_LINK}
              icon={<IconPackage size={18} stroke={1.7} aria-hidden />}
              onClose={onClose}
            />
            <DrawerLink
              {...TIMED_LYRICS_LINK}
              icon={<IconMicrophone2 size={18} stroke={1.7} aria-hidden />}
              onClose={onClose}
            />
          </>
        )}
        <Divider my="sm" />
        {signedIn ? (
          <>
            <DrawerLink
              {...MY_MEDIA_LINK}
              icon={<IconPhotoVideo size={18} stroke={1.7} aria-hidden />}
              onClose={onClose}
            />
            <DrawerLink
              {...MY_PROFILE_LINK}
              icon={<IconUser size={18} stroke={1.7} aria-hidden />}
              onClose={onClose}
            />
            <Stack gap={6} px="sm" py="xs" data-testid="drawer-credits">
              {creditFigures(session.plan).map((figure) => (
                <Group key={figure.label} justify="space-between">
                  <Text size="sm" c="dimmed">
                    {figure.label}
                  </Text>
                  <Badge variant="light" radius="sm" size="md" tt="none">
                    {figure.value}
                  </Badge>
                </Group>
              ))}
            </Stack>
            {showsUpgrade(session) && (
              <DrawerLink
                {...UPGRADE_LINK}
                icon={<IconSparkles size={18} stroke={1.7} aria-hidden />}
                onClose={onClose}
                color="orange"
              />
            )}
            {showsPlanIssue(session) && (
              <DrawerLink
                {...PLAN_ISSUE_LINK}
                icon={<IconAlertTriangle size={18} stroke={1.7} aria-hidden />}
                onClose={onClose}
                color="red"
              />
            )}
            <NavLink
              component="button"
              label="Logout"
              leftSection={<IconLogout size={18} stroke={1.7} aria-hidden />}
              className={classes.drawerLink}
              onClick={() => {
                onClose();
                void logout();
              }}
            />
          </>
        ) : (
          <Stack gap="sm" mt="xs">
            <Button
              variant="default"
              size="md"
              fullWidth
              leftSection={<IconLogin2 size={18} stroke={1.7} aria-hidden />}
              onClick={() => {
                onClose();
                onLogin();
              }}
            >
              Login
            </Button>
            <Button
              component={Link}
              to={SIGN_UP_PATH}
              onClick={onClose}
              size="md"
              fullWidth
              variant="gradient"
              gradient={{ from: 'wave.6', to: 'pink.6', deg: 120 }}
              leftSection={<IconUserPlus size={18} stroke={1.7} aria-hidden />}
            >
              Sign Up
            </Button>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
