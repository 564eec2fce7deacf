import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { routeAfterVerification } from '../../../core/redirects';
import type { User } from '../../api/types';
import { toast } from '../../ui/toast';
import { useSessionStore } from '../session';
import { useCurrentLocation } from './use-current-location';

/**
 * What happens once the server says the address is verified (spec 4): the session takes the
 * user, a success message shows, and a visitor on /, /login or /sign-up moves on to /media.
 */
export function useCompleteVerification(onVerified?: (user: User) => void) {
  const session = useSessionStore();
  const navigate = useNavigate();
  const { pathname } = useCurrentLocation();
  return useCallback(
    async (user: User, message: string) => {
      session.updateUser(user);
      toast.success(message);
      onVerified?.(user);
      const next = routeAfterVerification(pathname);
      if (next) await navigate({ href: next });
    },
    [session, navigate, pathname, onVerified],
  );
}
