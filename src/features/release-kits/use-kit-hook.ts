// The kit's hook as the creator screen holds it: asked of the server for a library track (the
// same bars the kit will be cut on), worked out on this device for a file of this device or when
// the server cannot be asked; then moved by whole bars here, or reset to the proposed one. A new
// length asks again, from where the user moved the hook to, if they did.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Analysis } from '../../../core/audio-analysis/analysis-format';
import { isApiError } from '../../api/api-error';
import { fetchKitHook, type KitHook, type KitHookResponse } from '../../api/release-kits';
import { stepHook, sameHook } from './hook-steps';
import { localKitHook } from './local-hook';

/** Where the hook comes from: a library track's id, or a file's analysis on this device. */
export type HookTrack =
  | { kind: 'library'; key: string; audioUuid: string; analysis: Analysis | null }
  | { kind: 'local'; key: string; analysis: Analysis | null };

export type KitHookState =
  | { status: 'none' }
  | { status: 'loading'; answer: KitHookResponse | null; hook: KitHook | null }
  | {
      status: 'ready';
      answer: KitHookResponse;
      hook: KitHook;
      /** 'device': worked out here (a local file, or the server could not be asked). */
      source: 'server' | 'device';
    }
  | { status: 'failed'; message: string };

export const HOOK_MESSAGES = {
  failed: 'The hook of this track could not be found. Try again in a moment.',
  notReady: 'This track is still being processed. Try again once it is ready.',
} as const;

interface Loaded {
  key: string;
  answer: KitHookResponse | null;
  hook: KitHook | null;
  source: 'server' | 'device';
  error: string | null;
}

function messageOf(error: unknown): string {
  if (isApiError(error) && error.status === 409) return HOOK_MESSAGES.notReady;
  if (isApiError(error) && error.status > 0 && error.status < 500 && error.message) {
    return error.message;
  }
  return HOOK_MESSAGES.failed;
}

export function useKitHook(track: HookTrack | null, seconds: number) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Where the user moved the hook to (null: the proposed one), for the next ask.
  const movedStart = useRef<{ track: string; seconds: number } | null>(null);
  const analysis = useRef<Analysis | null>(null);
  const trackAnalysis = track?.analysis ?? null;
  useEffect(() => {
    analysis.current = trackAnalysis;
  }, [trackAnalysis]);
  const trackKey = track?.key ?? null;
  const audioUuid = track?.kind === 'library' ? track.audioUuid : null;
  // A file of this device is worked out once its analysis is there; a library track is asked at once.
  const canAsk = track !== null && (track.kind === 'library' || track.analysis !== null);
  const key = trackKey && canAsk ? `${trackKey}|${seconds}|${attempt}` : null;

  useEffect(() => {
    if (!key || !trackKey) return undefined;
    const moved = movedStart.current?.track === trackKey ? movedStart.current.seconds : undefined;
    const query = { startSeconds: moved, seconds };
    const controller = new AbortController();
    let current = true;
    const report = (next: Omit<Loaded, 'key'>) => {
      if (current) setLoaded({ key, ...next });
    };
    const local = () => {
      const own = analysis.current;
      return own ? localKitHook(own, query) : null;
    };
    const run = async () => {
      if (audioUuid) {
        try {
          const answer = await fetchKitHook({ audioUuid, ...query }, { signal: controller.signal });
          report({ answer, hook: answer.hook, source: 'server', error: null });
          return;
        } catch (error) {
          if (!current) return;
          const answer = isApiError(error) && error.status === 409 ? null : local();
          if (!answer) throw error;
          report({ answer, hook: answer.hook, source: 'device', error: null });
          return;
        }
      }
      const answer = local();
      if (answer) report({ answer, hook: answer.hook, source: 'device', error: null });
    };
    run().catch((error: unknown) =>
      report({ answer: null, hook: null, source: 'server', error: messageOf(error) }),
    );
    return () => {
      current = false;
      controller.abort();
    };
  }, [key, trackKey, audioUuid, seconds]);

  const sameTrack = loaded !== null && trackKey !== null && loaded.key.startsWith(`${trackKey}|`);
  let state: KitHookState;
  if (!trackKey) state = { status: 'none' };
  else if (loaded?.key === key && loaded.error) state = { status: 'failed', message: loaded.error };
  else if (loaded?.key === key && loaded.answer && loaded.hook) {
    state = { status: 'ready', answer: loaded.answer, hook: loaded.hook, source: loaded.source };
  } else {
    // While a new length is asked for, the last answer of the same track stays on show.
    state = {
      status: 'loading',
      answer: sameTrack ? loaded.answer : null,
      hook: sameTrack ? loaded.hook : null,
    };
  }

  const setHook = useCallback(
    (next: (answer: KitHookResponse, hook: KitHook) => KitHook) => {
      setLoaded((current) => {
        if (!current?.answer || !current.hook || current.key !== key || !trackKey) return current;
        const hook = next(current.answer, current.hook);
        movedStart.current = sameHook(hook, current.answer.proposed)
          ? null
          : { track: trackKey, seconds: hook.start_seconds };
        return { ...current, hook };
      });
    },
    [key, trackKey],
  );

  return {
    state,
    /** Moves the hook by whole bars (negative: earlier). */
    move: useCallback(
      (byBars: number) => setHook((answer, hook) => stepHook(answer.bar_lines, hook, byBars)),
      [setHook],
    ),
    /** Back to the hook found in the music. */
    reset: useCallback(() => setHook((answer) => answer.proposed), [setHook]),
    retry: useCallback(() => setAttempt((n) => n + 1), []),
  };
}

export type KitHookControl = ReturnType<typeof useKitHook>;
