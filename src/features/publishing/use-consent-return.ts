// The page Google sends the user back to: reads ?code&state (or ?error) once, removes them from
// the address, and, when the state is the one this tab started, links the channel with
// add-channel and runs the page's next step. Sent once per return, even when React mounts the
// page twice (StrictMode).
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { addChannel, type AddChannelResponse } from '../../api/publishing';
import { oncePerKey } from '../../lib/once-per-key';
import {
  consentReturnOf,
  consentReturnUri,
  takePendingConsent,
  type ConsentReturn,
  type PendingConsent,
} from './consent';
import { PUBLISHING_MESSAGES } from './publishing-messages';
import { messageOf } from './server-answers';

export type ConsentOutcome<T> =
  | { kind: 'none' }
  | { kind: 'working' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; added: AddChannelResponse; result: T };

class StateMismatch extends Error {}

/**
 * `path` is the page's own path (the redirectUri sent to add-channel is this origin + path).
 * `next` runs after the channel is linked (a toast, subscribing); its failure is the outcome's.
 */
export function useConsentReturn<T>(
  path: string,
  next: (added: AddChannelResponse, pending: PendingConsent) => Promise<T>,
): ConsentOutcome<T> {
  const navigate = useNavigate();
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  // Google's answer is in the address the page opened with; the page then takes it away.
  const [arrival] = useState<ConsentReturn | null>(() => consentReturnOf(searchStr));
  const [settled, setSettled] = useState<ConsentOutcome<T> | null>(null);
  const nextRef = useRef(next);
  useEffect(() => {
    nextRef.current = next;
  });

  const hasQuery = consentReturnOf(searchStr) !== null;
  useEffect(() => {
    if (hasQuery) void navigate({ to: path, replace: true });
  }, [hasQuery, navigate, path]);

  useEffect(() => {
    if (arrival?.kind !== 'granted') return undefined;
    let current = true;
    const { code, state } = arrival;
    const task = async () => {
      const pending = takePendingConsent();
      if (!pending || pending.state !== state) throw new StateMismatch();
      const added = await addChannel({ code, redirectUri: consentReturnUri(path), state });
      return { added, result: await nextRef.current(added, pending) };
    };
    oncePerKey(`youtube-consent:${state}:${code}`, task).then(
      ({ added, result }) => {
        if (current) setSettled({ kind: 'done', added, result });
      },
      (error: unknown) => {
        if (!current) return;
        const message =
          error instanceof StateMismatch
            ? PUBLISHING_MESSAGES.consentStateMismatch
            : messageOf(error);
        setSettled({ kind: 'failed', message });
      },
    );
    return () => {
      current = false;
    };
  }, [arrival, path]);

  if (!arrival) return { kind: 'none' };
  if (arrival.kind === 'cancelled') return { kind: 'cancelled' };
  if (arrival.kind === 'refused') {
    return { kind: 'failed', message: PUBLISHING_MESSAGES.consentRefused(arrival.error) };
  }
  return settled ?? { kind: 'working' };
}
