import { useCallback, useEffect, useState } from 'react';
import { fetchProfile } from '../../api/account';
import type { Profile } from '../../api/types';

export type ProfileLoad =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; profile: Profile };

/** The signed-in user's profile, fetched when `enabled`; `replace` takes a newer answer. */
export function useProfile(enabled = true) {
  const [load, setLoad] = useState<ProfileLoad>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    fetchProfile().then(
      (profile) => current && setLoad({ kind: 'loaded', profile }),
      () => current && setLoad({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [enabled, attempt]);

  const retry = useCallback(() => {
    setLoad({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  const replace = useCallback((profile: Profile) => setLoad({ kind: 'loaded', profile }), []);

  return { load, retry, replace };
}
