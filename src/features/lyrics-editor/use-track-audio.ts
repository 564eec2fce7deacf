// Where the editor plays the track from: the copy saved on this device (Cache Storage, the one
// the create screens keep), else the server, saving a copy for next time so the editor plays
// offline after one visit.
import { useEffect, useState } from 'react';
import type { LibraryAudio } from '../../api/media';
import { browserNetwork } from '../../lib/network';
import { cachedPlayable, savePlayable } from '../render-editor';

export type TrackSource =
  | { state: 'loading' }
  | { state: 'ready'; src: string }
  /** Not saved on this device, and offline. */
  | { state: 'offline' }
  /** The track has no playable copy (still processing, or it failed). */
  | { state: 'none' };

export function useTrackSource(audio: LibraryAudio | null, online: boolean): TrackSource {
  const path = audio?.core_processing_status === 'COMPLETE' ? audio.playable_path : null;
  const size = audio?.file_size ?? null;
  const [source, setSource] = useState<{ path: string; source: TrackSource } | null>(null);
  const retry = source?.source.state === 'offline' ? online : null;

  useEffect(() => {
    if (!path) return undefined;
    let current = true;
    let url: string | null = null;
    void (async () => {
      const saved = await cachedPlayable(path);
      if (!current) return;
      if (saved) {
        url = URL.createObjectURL(saved);
        setSource({ path, source: { state: 'ready', src: url } });
        return;
      }
      if (!browserNetwork.isOnline()) {
        setSource({ path, source: { state: 'offline' } });
        return;
      }
      setSource({ path, source: { state: 'ready', src: path } });
      // The playable copy is smaller than the upload; the upload's size is only a hint.
      void savePlayable(path, size !== null ? Math.round(size / 2) : null);
    })();
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
    // Coming back online loads what was missing offline; a source already playing stays.
  }, [path, size, retry]);

  if (!path) return { state: 'none' };
  return source?.path === path ? source.source : { state: 'loading' };
}
