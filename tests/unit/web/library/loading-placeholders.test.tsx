// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../fake-api';
import { cleanUpAppAfterEach, renderApp, signedInSession } from '../render-app';
import { libraryAudio } from '../uploads/upload-fixtures';

cleanUpAppAfterEach();

const ANALYSIS = '/api/audio/a1/analysis';

describe('a loading placeholder', () => {
  // axe refuses aria-label on an element without a role ("aria-prohibited-attr"): the a11y
  // sweep met the waveform's placeholder when the track page was read before its waveform came.
  it('is named as a status, so its name is allowed', async () => {
    const api = fakeApi({
      'GET /api/user-workspace/get-user-images': { body: { images: [] } },
      'GET /api/audio/get-user-audios': {
        body: {
          audios: [
            libraryAudio({
              audio_uuid: 'a1',
              title: 'Night Drive',
              core_processing_status: 'COMPLETE',
              analysis_path: ANALYSIS,
            }),
          ],
        },
      },
    });
    // The waveform's bytes never come: the placeholder stays.
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input instanceof Request ? input.url : input).endsWith(ANALYSIS)
        ? new Promise<Response>(() => undefined)
        : api.fetch(input, init),
    );
    renderApp({ session: signedInSession(null), path: '/media/audio/a1' });
    const placeholder = await screen.findByRole('status', { name: 'Loading the waveform' });
    expect(placeholder.tagName).toBe('DIV');
  });
});
