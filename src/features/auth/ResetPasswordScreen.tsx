import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { WAIT_AND_RETRY } from '../../../core/account-messages';
import { canSubmitNewPassword, MIN_PASSWORD_LENGTH } from '../../../core/account-validation';
import { LOGIN_ROUTE } from '../../../core/redirects';
import { resetPassword } from '../../api/account';
import { failureOf, isApiError } from '../../api/api-error';
import { toast } from '../../ui/toast';
import { useSessionStore } from '../session';
import { AuthPageLayout } from './AuthPageLayout';
import { NO_CONNECTION } from './connection-messages';
import { FORGOT_PASSWORD_PATH } from './LoginForm';
import { useCurrentLocation } from './use-current-location';

export const PASSWORD_CHANGED = 'Your password was changed. Log in with your new password.';
const LINK_NOT_VALID = 'This reset link is no longer valid. Request a new one.';

function resetFailureMessage(error: unknown): string {
  const { status, exc } = failureOf(error);
  if (status === 403 && (exc === 'CodeInvalid' || exc === 'CodeExpired')) return LINK_NOT_VALID;
  if (status === 429) return WAIT_AND_RETRY;
  // The server's own words for a refused password ('Min 5 characters', 'Password Must Match').
  if (status === 400 && isApiError(error)) return error.message;
  if (status === 0) return NO_CONNECTION;
  return 'We could not change your password just now. Try again in a moment.';
}

/**
 * /account/reset-password?token=…: a new password from the mailed link. It ends every session of
 * the account, this one too, so the visitor logs in again.
 */
export function ResetPasswordScreen({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  const session = useSessionStore();
  const navigate = useNavigate();
  const token = useCurrentLocation().param('token');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token || pending || !canSubmitNewPassword(password, confirmation)) return;
    setPending(true);
    setFailure(null);
    try {
      await resetPassword({ token, passwordOne: password, passwordTwo: confirmation });
      await session.endSession();
      toast.success(PASSWORD_CHANGED);
      await navigate({ to: LOGIN_ROUTE });
    } catch (error) {
      setFailure(resetFailureMessage(error));
      setPending(false);
    }
  }

  if (!token) {
    return (
      <AuthPageLayout title={title} description={description}>
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            This page needs the link from your password-reset email.
          </Alert>
          <Button component={Link} to={FORGOT_PASSWORD_PATH} fullWidth>
            Request a Reset Link
          </Button>
        </Stack>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout title={title} description={description}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset password">
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} aria-hidden />}
              role="alert"
            >
              {failure}
              {failure === LINK_NOT_VALID && (
                <Button
                  component={Link}
                  to={FORGOT_PASSWORD_PATH}
                  variant="light"
                  color="red"
                  size="xs"
                  mt="sm"
                  display="block"
                  w="fit-content"
                >
                  Request a Reset Link
                </Button>
              )}
            </Alert>
          )}
          <TextInput
            label="New Password"
            type="password"
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            size="md"
            data-autofocus
          />
          <TextInput
            label="Re-type New Password"
            type="password"
            autoComplete="new-password"
            description="The same password again"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            size="md"
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={!canSubmitNewPassword(password, confirmation)}
            loading={pending}
            leftSection={<IconLock size={18} aria-hidden />}
          >
            Save New Password
          </Button>
        </Stack>
      </form>
    </AuthPageLayout>
  );
}
