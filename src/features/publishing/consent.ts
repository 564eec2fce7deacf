// The trip through Google's consent screen (OAuth): the page asks the server for the consent
// address and its signed state, keeps the state in this tab (sessionStorage) and leaves for
// Google; Google sends the browser back to the same page with ?code&state (or ?error). Only a
// state this tab started is sent on to add-channel: another one is dropped without a call.
import type { ConsentPurpose } from '../../api/publishing';
import { fetchAuthorizeUrl } from '../../api/publishing';
import { USER_STORAGE_PREFIX } from '../../db/clear-user-data';

/** The user's own (a logout forgets it). */
export const CONSENT_STORAGE_KEY = `${USER_STORAGE_PREFIX}.youtube-consent`;

export interface PendingConsent {
  state: string;
  purpose: ConsentPurpose;
  /** The channel the user meant (subscribing), if any. */
  channelId: string | null;
  /** This site's page to go back to once the channel is linked (allowing captions), if any. */
  returnTo: string | null;
}

/** How the page leaves for Google; tests replace `go`. */
export const consentNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** The address Google sends the user back to: this site's page, without a query. */
export const consentReturnUri = (path: string): string => `${window.location.origin}${path}`;

function keep(pending: PendingConsent): void {
  try {
    window.sessionStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode): the return is then refused as not started here.
  }
}

/** The consent this tab started, taken (read and forgotten: a state is used once). */
export function takePendingConsent(): PendingConsent | null {
  try {
    const text = window.sessionStorage.getItem(CONSENT_STORAGE_KEY);
    window.sessionStorage.removeItem(CONSENT_STORAGE_KEY);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<PendingConsent>;
    if (typeof value.state !== 'string' || !value.state) return null;
    return {
      state: value.state,
      purpose:
        value.purpose === 'subscribe' || value.purpose === 'captions' ? value.purpose : 'link',
      channelId: typeof value.channelId === 'string' ? value.channelId : null,
      // Only a path of this site: never another origin's address.
      returnTo:
        typeof value.returnTo === 'string' && /^\/(?![/\\])/.test(value.returnTo)
          ? value.returnTo
          : null,
    };
  } catch {
    return null;
  }
}

/**
 * Asks for the consent address of `purpose`, with Google to send the user back to `returnPath`,
 * remembers its state and goes there. Rejects (ApiError) when the server refuses, e.g. 503
 * YouTubeNotConfigured; then nothing is kept and the page stays.
 */
export async function startConsent(
  purpose: ConsentPurpose,
  returnPath: string,
  channelId: string | null = null,
  returnTo: string | null = null,
): Promise<void> {
  const { url, state } = await fetchAuthorizeUrl(consentReturnUri(returnPath), purpose);
  keep({ state, purpose, channelId, returnTo });
  consentNavigation.go(url);
}

/** What Google's return put in the query, if this visit is one. */
export type ConsentReturn =
  | { kind: 'granted'; code: string; state: string }
  | { kind: 'cancelled' }
  | { kind: 'refused'; error: string };

export function consentReturnOf(search: string): ConsentReturn | null {
  const query = new URLSearchParams(search);
  const error = query.get('error');
  if (error) return error === 'access_denied' ? { kind: 'cancelled' } : { kind: 'refused', error };
  const code = query.get('code');
  const state = query.get('state');
  if (code && state !== null) return { kind: 'granted', code, state };
  return null;
}
