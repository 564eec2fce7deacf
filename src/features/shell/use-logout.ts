import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LOGOUT_MESSAGES } from '../../../core/account-messages';
import { toast } from '../../ui/toast';
import { useSessionStore } from '../session';
import { LOGIN_PATH } from './shell-links';

/** Logs out (which clears every cached user data), then goes to /login with the spec's messages. */
export function useLogout(): () => Promise<void> {
  const session = useSessionStore();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await session.logout();
    } catch {
      toast.error(LOGOUT_MESSAGES.failed);
      return;
    }
    await navigate({ to: LOGIN_PATH });
    toast.success(LOGOUT_MESSAGES.done);
  }, [session, navigate]);
}
