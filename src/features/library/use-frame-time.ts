import { useEffect, type RefObject } from 'react';

/**
 * While the audio plays, reads its position every animation frame (so a waveform or the current
 * lyric line moves smoothly), and stops when it pauses.
 */
export function useFrameTime(
  element: RefObject<HTMLAudioElement | null>,
  playing: boolean,
  setTime: (seconds: number) => void,
): void {
  useEffect(() => {
    if (!playing) return undefined;
    let id = 0;
    const follow = () => {
      if (element.current) setTime(element.current.currentTime);
      id = requestAnimationFrame(follow);
    };
    id = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(id);
  }, [element, playing, setTime]);
}
