// @vitest-environment happy-dom
// The chosen library track loads again when what it is loaded from changes: a track picked while
// the server still processes it has no analysis yet, and gets one under the same id.
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import type { Remote } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalysisApi } from '../../../../workers/analysis-api';
import { createPreviewApi, type PreviewApi } from '../../../../workers/preview-api';
import { WaveframeDatabase } from '../../../../src/db/database';
import { LibraryCache } from '../../../../src/features/library/library-cache';
import {
  AUDIO_MESSAGES,
  useChosenAudio,
  type AudioChoice,
} from '../../../../src/features/render-editor/chosen-audio';
import { libraryAudio } from '../uploads/upload-fixtures';
import type { LibraryAudio } from '../../../../src/api/media';

/** A real WFA1 file: two seconds of a 110 Hz tone, through the analysis worker's code. */
function analysisFile(): Uint8Array {
  const samples = new Float32Array(44_100 * 2);
  for (let i = 0; i < samples.length; i++)
    samples[i] = 0.3 * Math.sin((2 * Math.PI * 110 * i) / 44_100);
  const analysis = createAnalysisApi();
  analysis.start(44_100);
  analysis.push(samples);
  return analysis.finish();
}

describe('the chosen library track', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads again once the server has processed it, and shows its latest title', async () => {
    const file = analysisFile();
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        fetched.push(path);
        return new Response(file.slice());
      }),
    );
    const db = new WaveframeDatabase(`chosen-audio-${Math.random()}`);
    const cache = new LibraryCache(() => db);
    const api = createPreviewApi() as unknown as Remote<PreviewApi>;
    const processing = libraryAudio({ file_name: 'Night Drive.mp3' });
    const { result, rerender } = renderHook(
      ({ choice }: { choice: AudioChoice }) => useChosenAudio(choice, api, cache),
      { initialProps: { choice: { kind: 'library', audio: processing } } },
    );
    await waitFor(() =>
      expect(result.current).toEqual({ state: 'failed', message: AUDIO_MESSAGES.offline }),
    );

    // The list is refreshed: the same track, now with its analysis and playable copy.
    const processed: LibraryAudio = {
      ...processing,
      core_processing_status: 'COMPLETE',
      analysis_path: '/media/a1.wfa',
      playable_path: '/media/a1.m4a',
    };
    rerender({ choice: { kind: 'library', audio: processed } });
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current).toMatchObject({ src: '/media/a1.m4a', title: 'Night Drive' });
    expect(fetched).toEqual(['/media/a1.wfa']);

    // Renamed in the library: the title follows, nothing is fetched again.
    rerender({ choice: { kind: 'library', audio: { ...processed, title: 'Night Drive (Live)' } } });
    await waitFor(() => expect(result.current).toMatchObject({ title: 'Night Drive (Live)' }));
    expect(fetched).toEqual(['/media/a1.wfa']);
    db.close();
  });
});
