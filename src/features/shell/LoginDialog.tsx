import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { AUTH_PANEL_MIN_WIDTH_PX, LOGIN_DIALOG_MAX_WIDTH_PX } from '../../ui/constants';
import { LOGIN_PATH, SIGN_UP_PATH } from './shell-links';

/**
 * The Login dialog of the top bar. It holds the login panel; until the accounts work lands, the
 * panel's place holds a way to the login page.
 */
export function LoginDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Log In"
      size={LOGIN_DIALOG_MAX_WIDTH_PX}
      centered
      radius="lg"
      overlayProps={{ backgroundOpacity: 0.45, blur: 3 }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack
        gap="md"
        data-testid="login-panel"
        style={{ minWidth: `min(${AUTH_PANEL_MIN_WIDTH_PX}px, 100%)` }}
      >
        <Text c="dimmed">
          Log in to pick up where you left off: your media, your renders and your credits.
        </Text>
        <Button component={Link} to={LOGIN_PATH} onClick={onClose} size="md" fullWidth>
          Continue to log in
        </Button>
        <Text size="sm" ta="center">
          New to Waveframe?{' '}
          <Anchor component={Link} to={SIGN_UP_PATH} onClick={onClose} fw={600}>
            Create Account
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
