import { useRef, useState } from 'react';
import type { LibraryAudio } from '../../api/media';
import { toast } from '../../ui/toast';

export const PLAYBACK_FAILED = 'This track cannot be played right now.';

/** One <audio> element for a whole list: play a track, pause it, or switch to another. */
export function useListPlayer() {
  const element = useRef<HTMLAudioElement | null>(null);
  const current = useRef<string | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);

  function toggle(audio: LibraryAudio) {
    const player = element.current;
    if (!player || !audio.playable_path) return;
    if (current.current === audio.audio_uuid && !player.paused) {
      player.pause();
      return;
    }
    if (current.current !== audio.audio_uuid) {
      current.current = audio.audio_uuid;
      player.src = audio.playable_path;
    }
    player.play().catch((error: unknown) => {
      // A newer choice interrupted this one: not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error(PLAYBACK_FAILED);
    });
  }

  const audioElement = (
    <audio
      ref={element}
      preload="none"
      onPlaying={() => setPlayingId(current.current)}
      onPause={() => setPlayingId(null)}
      onEnded={() => setPlayingId(null)}
      hidden
    />
  );

  return { playingId, toggle, audioElement };
}
