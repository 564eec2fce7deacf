// Plays the preview's audio: one <audio> element. The drawing loop reads its position every
// animation frame (getTime); React state changes only on play, pause and seek, so a screen is
// not re-rendered every frame (that cost the page its frame rate: see `npm run bench -- preview`).
// The timeline under the preview follows the sound with usePlaybackTime.
import { useCallback, useEffect, useRef, useState } from 'react';

export const PLAYER_MESSAGES = {
  failed: 'This track could not be played in this browser.',
} as const;

export interface PreviewPlayer {
  playing: boolean;
  /** Position in seconds at the last seek, pause or end (state; not updated while playing). */
  time: number;
  /** Position now, read from the element (for the drawing loop). */
  getTime(): number;
  toggle(): void;
  pause(): void;
  seek(seconds: number): void;
  error: string | null;
}

export function usePreviewPlayer(
  src: string | null,
  options: { loop?: boolean } = {},
): PreviewPlayer {
  const element = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const loop = options.loop ?? false;

  useEffect(() => {
    if (!src) return undefined;
    const audio = new Audio();
    audio.preload = 'auto';
    audio.loop = loop;
    audio.src = src;
    element.current = audio;
    const onPlay = () => setPlaying(true);
    const onPause = () => {
      setPlaying(false);
      setTime(audio.currentTime);
    };
    const onSeeked = () => setTime(audio.currentTime);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onPause);
    audio.addEventListener('seeked', onSeeked);
    return () => {
      audio.pause();
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onPause);
      audio.removeEventListener('seeked', onSeeked);
      audio.removeAttribute('src');
      audio.load();
      if (element.current === audio) element.current = null;
      setPlaying(false);
      setTime(0);
      setError(null);
    };
  }, [src, loop]);

  const getTime = useCallback(() => element.current?.currentTime ?? 0, []);
  const toggle = useCallback(() => {
    const audio = element.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    audio.play().catch((cause: unknown) => {
      if (cause instanceof DOMException && cause.name === 'AbortError') return;
      setError(PLAYER_MESSAGES.failed);
    });
  }, []);
  const pause = useCallback(() => element.current?.pause(), []);
  const seek = useCallback((seconds: number) => {
    const audio = element.current;
    if (audio) audio.currentTime = seconds;
    setTime(seconds);
  }, []);

  return { playing, time, getTime, toggle, pause, seek, error };
}

/**
 * The player's position as state, refreshed `hz` times a second while playing: for the timeline
 * (waveform playhead, time text) only, so that just the component using it re-renders. At 15 Hz
 * a playhead on a waveform a few hundred pixels wide moves by under a pixel between updates.
 */
export function usePlaybackTime(player: PreviewPlayer, hz = 15): number {
  const { playing, time, getTime } = player;
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!playing) return undefined;
    const timer = window.setInterval(() => setTick((n) => n + 1), 1000 / hz);
    return () => window.clearInterval(timer);
  }, [playing, hz]);
  return playing ? getTime() : time;
}
