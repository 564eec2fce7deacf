import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLogin2 } from '@tabler/icons-react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { LOGIN_MESSAGES } from '../../../core/account-messages';
import { canSubmitLogin } from '../../../core/account-validation';
import { routeAfterLogin } from '../../../core/redirects';
import { isApiError } from '../../api/api-error';
import { logIn } from '../../api/auth';
import type { LogInRequest, LogInResponse } from '../../api/types';
import { previousPathOf } from '../../lib/path-trail';
import { toast } from '../../ui/toast';
import { type SessionStore, useSessionStore } from '../session';
import { useCurrentLocation } from './use-current-location';

export const FORGOT_PASSWORD_PATH = '/forgot-password';

/** The log-in call; a 401 also ends any session here and on the server (spec 8), then rethrows. */
export async function logInOrLogOut(
  session: SessionStore,
  request: LogInRequest,
): Promise<LogInResponse> {
  try {
    return await logIn(request);
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      await session.logout().catch(() => undefined);
    }
    throw error;
  }
}

export interface LoginFormProps {
  /** Called once the login succeeded (after the session holds the user). */
  onComplete?: () => void;
  /** Called when the form sends the visitor to another page (Forgot Password?). */
  onNavigate?: () => void;
}

/** The LOG IN tab: e-mail, password, LOGIN; a warning and 'Forgot Password?' after a failure. */
export function LoginForm({ onComplete, onNavigate }: LoginFormProps) {
  const session = useSessionStore();
  const router = useRouter();
  const navigate = useNavigate();
  const location = useCurrentLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [failures, setFailures] = useState(0);
  const [alertShown, setAlertShown] = useState(false);
  const enabled = canSubmitLogin(email, password);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!enabled || pending) return;
    setPending(true);
    setAlertShown(false);
    const previous = previousPathOf(router);
    try {
      const result = await logInOrLogOut(session, {
        email: email.trim(),
        password,
        currPath: location.href,
        ...(previous ? { prevPath: previous } : {}),
      });
      session.signIn(result.user);
      toast.success(LOGIN_MESSAGES.welcome);
      const next = routeAfterLogin({
        currentPath: location.pathname,
        requestedPath: location.requestedPath,
        result,
      });
      onComplete?.();
      if (next) await navigate({ href: next });
    } catch {
      setFailures((count) => count + 1);
      setAlertShown(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Log in">
      <Stack gap="md">
        {alertShown && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setAlertShown(false)}
            role="alert"
          >
            {LOGIN_MESSAGES.failed}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          size="md"
          data-autofocus
        />
        <TextInput
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          size="md"
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={!enabled}
          loading={pending}
          leftSection={<IconLogin2 size={18} aria-hidden />}
        >
          LOGIN
        </Button>
        {failures > 0 && (
          <Button
            component={Link}
            to={FORGOT_PASSWORD_PATH}
            variant="subtle"
            size="sm"
            onClick={onNavigate}
            style={{ alignSelf: 'center' }}
          >
            Forgot Password?
          </Button>
        )}
      </Stack>
    </form>
  );
}
