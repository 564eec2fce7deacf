// The track's <audio> element as the editor drives it: play, pause, seek and the position,
// read from the element itself when a tap needs it (the most exact time there is).
import { useCallback, useRef, useState } from 'react';
import { useFrameTime } from '../library';

export interface Player {
  /** Give it the <audio> element (a callback ref). */
  attach: (element: HTMLAudioElement | null) => void;
  playing: boolean;
  /** Follows the playing position every frame while playing. */
  time: number;
  duration: number | null;
  /** The position now, read from the element. */
  now(): number;
  toggle(): void;
  play(from?: number): void;
  seek(seconds: number): void;
  failed: boolean;
}

export function usePlayer(): Player {
  const element = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useFrameTime(element, playing, setTime);

  const attach = useCallback((audio: HTMLAudioElement | null) => {
    element.current = audio;
    if (!audio) return;
    audio.onplay = () => setPlaying(true);
    audio.onpause = () => setPlaying(false);
    audio.onended = () => setPlaying(false);
    audio.onseeked = () => setTime(audio.currentTime);
    audio.onerror = () => setFailed(true);
    audio.onloadedmetadata = () => {
      setFailed(false);
      if (Number.isFinite(audio.duration) && audio.duration > 0) setDuration(audio.duration);
    };
  }, []);

  const play = useCallback((from?: number) => {
    const audio = element.current;
    if (!audio) return;
    if (from !== undefined) audio.currentTime = from;
    audio.play().catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
    });
  }, []);

  const toggle = useCallback(() => {
    const audio = element.current;
    if (!audio) return;
    if (audio.paused) play();
    else audio.pause();
  }, [play]);

  const seek = useCallback((seconds: number) => {
    if (element.current) element.current.currentTime = seconds;
    setTime(seconds);
  }, []);

  const now = useCallback(() => element.current?.currentTime ?? 0, []);

  return { attach, playing, time, duration, now, toggle, play, seek, failed };
}
