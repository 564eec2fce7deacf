import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from '../../ui/toast';
import { useSessionStore } from '../session/SessionContext';
import { LOGIN_PATH } from './shell-links';

/** Logs out, then goes to /login with the spec's messages. */
export function useLogout(): () => Promise<void> {
  const session = useSessionStore();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await session.logout();
    } catch {
      toast.error('There was an issue logging you out');
      return;
    }
    await navigate({ to: LOGIN_PATH });
    toast.success('You Have Logged Out');
  }, [session, navigate]);
}
