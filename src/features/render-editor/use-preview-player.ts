// Plays the preview's audio: one <audio> element, its position read every animation frame while
// playing, so the preview and the waveform follow the sound.
import { useCallback, useEffect, useRef, useState } from 'react';

export const PLAYER_MESSAGES = {
  failed: 'This track could not be played in this browser.',
} as const;

export interface PreviewPlayer {
  playing: boolean;
  /** Position in seconds (state: updated every frame while playing, and on seeks). */
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
    const onPause = () => setPlaying(false);
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

  useEffect(() => {
    if (!playing) return undefined;
    let frame = 0;
    const follow = () => {
      if (element.current) setTime(element.current.currentTime);
      frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

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
