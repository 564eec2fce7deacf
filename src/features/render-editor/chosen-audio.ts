// The audio a preview plays and reacts to: the demo track, a track of the library (its analysis
// and playable copy from this device when saved, else from the server), or a file of this device
// (decoded and analysed here). The analysis goes to the preview worker under a key.
import type { Remote } from 'comlink';
import { transfer } from 'comlink';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { decodeAnalysis, type Analysis } from '../../../core/audio-analysis/analysis-format';
import type { PreviewApi } from '../../../workers/preview-api';
import { fetchMediaBytes, type LibraryAudio } from '../../api/media';
import { trackTitle } from '../../lib/format';
import type { LibraryCache } from '../library';
import { browserNetwork } from '../../lib/network';
import { analyseLocalFile, LOCAL_AUDIO_MESSAGES } from './local-audio';
import { cachedPlayable, savePlayable } from './playable-cache';

export const DEMO_TRACK = {
  src: '/demo/demo-track.m4a',
  analysis: '/demo/demo-track.wfa',
  title: 'Demo loop',
} as const;

export type AudioChoice =
  { kind: 'demo' } | { kind: 'library'; audio: LibraryAudio } | { kind: 'local'; file: File };

export type ChosenAudio =
  | { state: 'loading'; message: string; progress: number | null }
  | {
      state: 'ready';
      /** Key of the analysis in the preview worker. */
      key: string;
      analysis: Analysis;
      src: string;
      duration: number;
      title: string;
    }
  | { state: 'failed'; message: string };

export const AUDIO_MESSAGES = {
  offline: 'This track is not saved on this device. Pick it again once you are back online.',
  failed: 'This track could not be loaded. Try again, or pick another one.',
} as const;

export function choiceKey(choice: AudioChoice): string {
  if (choice.kind === 'demo') return 'demo';
  if (choice.kind === 'library') return `audio:${choice.audio.audio_uuid}`;
  const { name, size, lastModified } = choice.file;
  return `local:${name}:${size}:${lastModified}`;
}

/**
 * What loading a choice reads from it: its key, and for a library track the files it is loaded
 * from, which arrive once the server has processed it (a track picked while processing loads
 * again when they do). Its title is not here: it is read when shown, so a rename needs no reload.
 */
export function choiceSource(choice: AudioChoice): string {
  const key = choiceKey(choice);
  if (choice.kind !== 'library') return key;
  return `${key}|${choice.audio.analysis_path ?? ''}|${choice.audio.playable_path ?? ''}`;
}

async function libraryAnalysis(cache: LibraryCache, audio: LibraryAudio): Promise<ArrayBuffer> {
  const saved = await cache.analysis(audio.audio_uuid).catch(() => null);
  if (saved) return saved;
  if (!audio.analysis_path || !browserNetwork.isOnline()) throw new Error(AUDIO_MESSAGES.offline);
  const bytes = await fetchMediaBytes(audio.analysis_path);
  await cache.saveAnalysis(audio.audio_uuid, bytes).catch(() => undefined);
  return bytes;
}

/** Where the track plays from: the saved copy, else the server (and saved for next time). */
async function librarySource(audio: LibraryAudio): Promise<{ src: string; revoke: boolean }> {
  const path = audio.playable_path;
  if (!path) throw new Error(AUDIO_MESSAGES.failed);
  const saved = await cachedPlayable(path);
  if (saved) return { src: URL.createObjectURL(saved), revoke: true };
  if (!browserNetwork.isOnline()) throw new Error(AUDIO_MESSAGES.offline);
  void savePlayable(path, null);
  return { src: path, revoke: false };
}

/** Loads the chosen audio and hands its analysis to the preview worker. */
export function useChosenAudio(
  choice: AudioChoice,
  api: Remote<PreviewApi> | null,
  cache: LibraryCache,
): ChosenAudio {
  const source = choiceSource(choice);
  const [loaded, setLoaded] = useState<{ source: string; audio: ChosenAudio } | null>(null);
  // The choice as last rendered. The load below runs again when its source changes, and a
  // choice object rebuilt with the same source (a list refreshed) loads the same files.
  const latest = useRef(choice);
  useLayoutEffect(() => {
    latest.current = choice;
  }, [choice]);

  useEffect(() => {
    if (!api) return undefined;
    const choice = latest.current;
    const key = choiceKey(choice);
    let current = true;
    let revoke: string | null = null;
    const report = (audio: ChosenAudio) => {
      if (current) setLoaded({ source, audio });
    };
    const load = async () => {
      let bytes: Uint8Array;
      let src: string;
      let title: string;
      if (choice.kind === 'demo') {
        report({ state: 'loading', message: 'Loading the demo track…', progress: null });
        bytes = new Uint8Array(await fetchMediaBytes(DEMO_TRACK.analysis));
        src = DEMO_TRACK.src;
        title = DEMO_TRACK.title;
      } else if (choice.kind === 'library') {
        report({ state: 'loading', message: 'Loading the track…', progress: null });
        bytes = new Uint8Array(await libraryAnalysis(cache, choice.audio));
        const source = await librarySource(choice.audio);
        src = source.src;
        if (source.revoke) revoke = src;
        title = trackTitle(choice.audio);
      } else {
        report({ state: 'loading', message: 'Analysing the track on this device…', progress: 0 });
        try {
          const result = await analyseLocalFile(choice.file, (progress) =>
            report({
              state: 'loading',
              message: 'Analysing the track on this device…',
              progress,
            }),
          );
          bytes = result.bytes;
        } catch {
          throw new Error(LOCAL_AUDIO_MESSAGES.unreadable);
        }
        src = URL.createObjectURL(choice.file);
        revoke = src;
        title = choice.file.name.replace(/\.[^.]+$/, '');
      }
      const analysis = decodeAnalysis(bytes);
      // The worker gets its own copy: the waveform here keeps reading these bytes.
      const copy = bytes.slice();
      await api.putAnalysis(key, transfer(copy, [copy.buffer]));
      report({
        state: 'ready',
        key,
        analysis,
        src,
        duration: analysis.summary.durationSeconds,
        title,
      });
    };
    load().catch((error: unknown) =>
      report({
        state: 'failed',
        message: error instanceof Error && error.message ? error.message : AUDIO_MESSAGES.failed,
      }),
    );
    return () => {
      current = false;
      if (revoke) URL.revokeObjectURL(revoke);
    };
  }, [api, source, cache]);

  // A library track's title as the library says now (renamed meanwhile, or not).
  const libraryTitle = choice.kind === 'library' ? trackTitle(choice.audio) : null;
  return useMemo<ChosenAudio>(() => {
    if (loaded?.source !== source) {
      return { state: 'loading', message: 'Loading the track…', progress: null };
    }
    const { audio } = loaded;
    return audio.state === 'ready' && libraryTitle !== null
      ? { ...audio, title: libraryTitle }
      : audio;
  }, [loaded, source, libraryTitle]);
}
