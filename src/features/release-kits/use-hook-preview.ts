// "Preview the hook": the track's own sound from the hook's first bar line to its last, on an
// <audio> element of the page, stopped at the hook's end (checked every animation frame, so it
// stops within a frame rather than at the next timeupdate, up to a quarter second late).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KitHook } from '../../api/release-kits';

export const HOOK_PREVIEW_MESSAGES = {
  failed: 'This track could not be played in this browser.',
} as const;

export function useHookPreview(src: string | null, hook: KitHook | null) {
  const element = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = useRef<number | null>(null);
  const hookEnd = hook?.end_seconds ?? null;
  useEffect(() => {
    end.current = hookEnd;
  }, [hookEnd]);

  const stop = useCallback(() => {
    element.current?.pause();
  }, []);

  // A moved hook or another track stops what plays.
  const start = hook?.start_seconds ?? null;
  useEffect(() => stop, [src, start, stop]);

  useEffect(() => {
    if (!playing) return undefined;
    let frame = 0;
    const check = () => {
      const audio = element.current;
      if (audio && end.current !== null && audio.currentTime >= end.current) {
        audio.pause();
        return;
      }
      frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const play = useCallback(() => {
    const audio = element.current;
    if (!audio || !hook) return;
    setError(null);
    audio.currentTime = hook.start_seconds;
    audio.play().catch((cause: unknown) => {
      if (cause instanceof DOMException && cause.name === 'AbortError') return;
      setError(HOOK_PREVIEW_MESSAGES.failed);
    });
  }, [hook]);

  return {
    /** Props of the page's <audio> element. */
    audioProps: {
      ref: element,
      src: src ?? undefined,
      preload: 'auto' as const,
      onPlay: () => setPlaying(true),
      onPause: () => setPlaying(false),
      onEnded: () => setPlaying(false),
      onError: () => {
        if (src) setError(HOOK_PREVIEW_MESSAGES.failed);
      },
    },
    playing,
    error,
    play,
    stop,
    toggle: () => (playing ? stop() : play()),
    /** Where the sound is now, in seconds of the track. */
    getTime: useCallback(() => element.current?.currentTime ?? hook?.start_seconds ?? 0, [hook]),
  };
}

export type HookPreview = ReturnType<typeof useHookPreview>;
