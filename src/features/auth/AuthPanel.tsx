import { Box, Tabs } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { AUTH_PANEL_MIN_WIDTH_PX } from '../../ui/constants';
import { type SessionState, useSession } from '../session';
import { LoginForm } from './LoginForm';
import { SignedInNotice } from './SignedInNotice';
import { SignUpForm } from './SignUpForm';
import { VerificationStep } from './VerificationStep';

export type AuthTab = 'log-in' | 'sign-up';

export interface AuthPanelProps {
  /** The tab shown, when the owner controls it (the /login and /sign-up pages). */
  tab?: AuthTab;
  /** The first tab when the panel controls it itself. */
  defaultTab?: AuthTab;
  onTabChange?: (tab: AuthTab) => void;
  /** Authentication finished: logged in, or signed up and verified. */
  onComplete?: () => void;
  /** The panel sends the visitor to another page (Forgot Password?, My Media). */
  onNavigate?: () => void;
}

/** What the panel shows: the forms, the verification step, or a signed-in notice. */
export type AuthPanelView = 'forms' | 'verification' | 'signed-in';

/** Which view the panel shows for a session. */
export function authPanelView(session: SessionState): AuthPanelView {
  if (session.status !== 'signed-in' || !session.user) return 'forms';
  return session.user.email_verified ? 'signed-in' : 'verification';
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box style={{ minWidth: `min(${AUTH_PANEL_MIN_WIDTH_PX}px, 100%)` }} data-testid="auth-panel">
      {children}
    </Box>
  );
}

/**
 * The login and sign-up panel (spec 2): LOG IN and Sign Up tabs, as a dialog or inline. After a
 * sign-up, or for any signed-in visitor whose address is not verified yet, the verification
 * step takes the place of the forms.
 */
export function AuthPanel({
  tab,
  defaultTab = 'log-in',
  onTabChange,
  onComplete,
  onNavigate,
}: AuthPanelProps) {
  const session = useSession();
  const [ownTab, setOwnTab] = useState<AuthTab>(defaultTab);
  const shownTab = tab ?? ownTab;
  const view = authPanelView(session);

  if (view === 'verification') {
    return (
      <Frame>
        <VerificationStep onVerified={onComplete} />
      </Frame>
    );
  }
  if (view === 'signed-in' && session.user) {
    return (
      <Frame>
        <SignedInNotice email={session.user.email} onNavigate={onNavigate} />
      </Frame>
    );
  }
  return (
    <Frame>
      <Tabs
        value={shownTab}
        onChange={(value) => {
          const next: AuthTab = value === 'sign-up' ? 'sign-up' : 'log-in';
          setOwnTab(next);
          onTabChange?.(next);
        }}
        keepMounted={false}
      >
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="log-in" fw={700}>
            LOG IN
          </Tabs.Tab>
          <Tabs.Tab value="sign-up" fw={700}>
            Sign Up
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="log-in">
          <LoginForm onComplete={onComplete} onNavigate={onNavigate} />
        </Tabs.Panel>
        <Tabs.Panel value="sign-up">
          <SignUpForm />
        </Tabs.Panel>
      </Tabs>
    </Frame>
  );
}
