import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { LOGIN_DIALOG_MAX_WIDTH_PX } from '../../ui/constants';
import { AuthPanel, authPanelView, type AuthTab } from '../auth';
import { useSession } from '../session';

const TITLES: Record<AuthTab, string> = { 'log-in': 'Log In', 'sign-up': 'Create Account' };

/**
 * The Login dialog of the top bar: the login and sign-up panel, at most 500 px wide (the whole
 * screen on a phone).
 */
export function LoginDialog({
  opened,
  onClose,
  initialTab = 'log-in',
}: {
  opened: boolean;
  onClose: () => void;
  initialTab?: AuthTab;
}) {
  const session = useSession();
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const verifying = authPanelView(session) === 'verification';
  // A phone is narrower than the dialog's margins plus the panel's 350 px: it gets the screen.
  const phone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => setTab(initialTab)}
      title={verifying ? 'Verify Your Email' : TITLES[tab]}
      size={LOGIN_DIALOG_MAX_WIDTH_PX}
      centered
      fullScreen={phone}
      radius={phone ? 0 : 'lg'}
      overlayProps={{ backgroundOpacity: 0.45, blur: 3 }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <AuthPanel tab={tab} onTabChange={setTab} onComplete={onClose} onNavigate={onClose} />
    </Modal>
  );
}
