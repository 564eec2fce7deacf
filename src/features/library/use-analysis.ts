import { useEffect, useState } from 'react';
import { decodeAnalysis, type Analysis } from '../../../core/audio-analysis/analysis-format';
import { fetchMediaBytes, type LibraryAudio } from '../../api/media';
import type { LibraryCache } from './library-cache';
import { browserNetwork } from '../../lib/network';

export type AnalysisLoad =
  | { state: 'loading' }
  | { state: 'ready'; analysis: Analysis }
  /** Not saved on this device, and offline. */
  | { state: 'offline' }
  | { state: 'failed' }
  /** The track has no analysis (not processed, or failed). */
  | { state: 'none' };

async function loadAnalysis(
  cache: LibraryCache,
  audioUuid: string,
  path: string,
  signal: AbortSignal,
): Promise<AnalysisLoad> {
  let bytes = await cache.analysis(audioUuid).catch(() => null);
  if (!bytes) {
    if (!browserNetwork.isOnline()) return { state: 'offline' };
    try {
      bytes = await fetchMediaBytes(path, signal);
    } catch {
      return browserNetwork.isOnline() ? { state: 'failed' } : { state: 'offline' };
    }
    // Kept for the waveform offline; a full storage only costs that.
    await cache.saveAnalysis(audioUuid, bytes).catch(() => undefined);
  }
  try {
    return { state: 'ready', analysis: decodeAnalysis(new Uint8Array(bytes)) };
  } catch {
    return { state: 'failed' };
  }
}

/** A track's analysis (waveform peaks and more): from this device, else from the server. */
export function useAnalysis(
  cache: LibraryCache,
  audio: LibraryAudio,
  online: boolean,
): AnalysisLoad {
  const path = audio.core_processing_status === 'COMPLETE' ? audio.analysis_path : null;
  const key = path ? `${audio.audio_uuid} ${path}` : null;
  const [loaded, setLoaded] = useState<{ key: string; load: AnalysisLoad } | null>(null);

  useEffect(() => {
    if (!key || !path) return undefined;
    const controller = new AbortController();
    void loadAnalysis(cache, audio.audio_uuid, path, controller.signal).then((load) => {
      if (!controller.signal.aborted) setLoaded({ key, load });
    });
    return () => controller.abort();
    // Coming back online loads what was missing offline.
  }, [cache, audio.audio_uuid, path, key, online]);

  if (!key) return { state: 'none' };
  return loaded?.key === key ? loaded.load : { state: 'loading' };
}
