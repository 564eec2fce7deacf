// @vitest-environment happy-dom
// The lyrics editor from the keyboard: after a click on a line of the list, the arrows move that
// line and the focus stays where the keys still work.
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackLyrics } from '../../../../core/lyrics/api-types';
import type { LibraryAudio } from '../../../../src/api/media';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import { fakeApi } from '../fake-api';
import { renderApp, signedInSession } from '../render-app';

const AUDIO_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const AUDIO: LibraryAudio = {
  audio_uuid: AUDIO_ID,
  file_name: 'morning.m4a',
  file_size: 1_000_000,
  mimetype: 'audio/mp4',
  duration_seconds: 30,
  core_processing_status: 'COMPLETE',
  marketplace_processing_status: null,
  marketplace_asset: false,
  title: 'Morning',
  artists: null,
  album: null,
  artwork_image_uuid: null,
  artwork_path: null,
  playable_path: null,
  analysis_path: null,
  error: null,
  created_at: '2026-03-01T10:00:00.000Z',
};
const line = (text: string, startSeconds: number) => ({
  text,
  startSeconds,
  endSeconds: null,
  words: null,
  section: 0,
});
const SAVED: TrackLyrics = {
  audioId: AUDIO_ID,
  lyrics: {
    lines: [line('Here comes the morning', 2), line('Light on the water', 4), line('Ever', 6)],
    language: null,
  },
  revision: 1,
  updatedAt: '2026-03-01T10:00:00.000Z',
  conflict: null,
};

// The autosizing textarea listens for font loads; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(async () => {
  stopLibraryServices();
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

function openEditor() {
  fakeApi({
    'GET /api/user-workspace/get-user-images': { body: { images: [] } },
    'GET /api/audio/get-user-audios': { body: { audios: [AUDIO] } },
    'POST /api/audio/get-audio-lyrics': { body: { lyrics: SAVED } },
    'POST /api/audio/audio-lyrics-update': (call) => ({
      body: { lyrics: { ...SAVED, ...(call.body as object), revision: 2 } },
    }),
  });
  renderApp({ session: signedInSession(null), path: `/media/audio/${AUDIO_ID}/lyrics` });
}

const startOf = (index: number) =>
  screen.getAllByTestId('lyrics-line')[index]!.getAttribute('data-start');

/** A click as a browser makes it: the button takes the focus, then the click. */
function click(element: HTMLElement) {
  act(() => element.focus());
  fireEvent.click(element);
}

function press(key: string, init: KeyboardEventInit = {}) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });
}

describe('the lyrics editor’s keys', () => {
  it('nudges the line clicked in the list with ← and →', async () => {
    openEditor();
    await waitFor(() => expect(screen.getAllByTestId('lyrics-line')).toHaveLength(3), {
      timeout: 10_000,
    });
    click(screen.getByRole('button', { name: /^Line 2: Light on the water/ }));
    expect(screen.getAllByTestId('lyrics-line')[1]!.hasAttribute('data-selected')).toBe(true);

    press('ArrowRight');
    press('ArrowRight');
    expect(startOf(1)).toBe('4.1');
    press('ArrowLeft', { shiftKey: true });
    expect(startOf(1)).toBe('3.1');
    // The other lines stay where they were.
    expect([startOf(0), startOf(2)]).toEqual(['2', '6']);
    // Its own nudge buttons keep the keys working too.
    click(screen.getByRole('button', { name: 'Line 2 50 ms later' }));
    expect(startOf(1)).toBe('3.15');
    press('ArrowRight');
    expect(startOf(1)).toBe('3.2');
  });
});
