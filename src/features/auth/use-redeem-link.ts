import { useEffect, useState } from 'react';
import type { CurrentUserResponse, User } from '../../api/types';
import { oncePerKey } from '../../lib/once-per-key';
import { useSessionStore } from '../session';

export type RedeemState =
  { kind: 'pending' } | { kind: 'redeemed'; user: User } | { kind: 'failed'; message: string };

/**
 * Redeems the token of a mailed single-use link (verification, e-mail change): sends it once for
 * the life of the page, even when the screen mounts twice; when the account it returns is the one
 * signed in here, the session takes the newer copy. `redeem` and `failureMessage` should be
 * module-level functions, so that the call is not started again on every render.
 */
export function useRedeemLink(
  /** Names the link's kind in the once-per-page key, e.g. `verify-email`. */
  kind: string,
  token: string,
  redeem: (token: string) => Promise<CurrentUserResponse>,
  failureMessage: (error: unknown) => string,
): RedeemState {
  const sessionStore = useSessionStore();
  const [state, setState] = useState<RedeemState>({ kind: 'pending' });

  useEffect(() => {
    let current = true;
    oncePerKey(`${kind}:${token}`, () => redeem(token)).then(
      ({ user }) => {
        if (!current) return;
        if (sessionStore.getState().user?.user_uuid === user.user_uuid) {
          sessionStore.updateUser(user);
        }
        setState({ kind: 'redeemed', user });
      },
      (error: unknown) => {
        if (current) setState({ kind: 'failed', message: failureMessage(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [kind, token, redeem, failureMessage, sessionStore]);

  return state;
}
