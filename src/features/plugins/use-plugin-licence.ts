// The signed-in user's licence key for one plugin, checked here with the public key as the plugin
// would check it (so the page never shows a key that would not activate).
import { useEffect, useState } from 'react';
import { verifyLicence, type LicenceCheck } from '../../../core/plugins/licence';
import type { PluginLicence } from '../../../core/plugins/api-types';
import { failureOf } from '../../api/api-error';
import { fetchPluginLicence } from '../../api/plugins';
import { browserNetwork } from '../../lib/network';

export type LicenceState =
  | { kind: 'loading' }
  | { kind: 'ready'; licence: PluginLicence; check: LicenceCheck | null }
  /** A premium plugin on a free plan: no key, no download. */
  | { kind: 'premium-required' }
  | { kind: 'failed'; offline: boolean };

/**
 * Loads the key on arrival; a load that found no connection is tried again when it returns.
 * `refused`: the plan is known to get no key for this plugin (the server would answer 403).
 */
export function usePluginLicence(
  pluginId: string,
  publicKey: string | null,
  { refused = false }: { refused?: boolean } = {},
): LicenceState {
  const [state, setState] = useState<LicenceState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (state.kind !== 'failed' || !state.offline) return undefined;
    return browserNetwork.onOnline(() => setAttempt((count) => count + 1));
  }, [state]);
  useEffect(() => {
    if (refused) return undefined;
    let live = true;
    void (async () => {
      try {
        const licence = await fetchPluginLicence(pluginId);
        const check = publicKey
          ? await verifyLicence(licence.licence_key, publicKey, {
              plugin: pluginId,
              userId: licence.user_uuid,
            }).catch(() => null)
          : null;
        if (live) setState({ kind: 'ready', licence, check });
      } catch (error) {
        if (!live) return;
        const { status, exc } = failureOf(error);
        setState(
          exc === 'PremiumRequired'
            ? { kind: 'premium-required' }
            : { kind: 'failed', offline: status === 0 },
        );
      }
    })();
    return () => {
      live = false;
    };
  }, [pluginId, publicKey, attempt, refused]);
  return refused ? { kind: 'premium-required' } : state;
}
