// @vitest-environment happy-dom
// Right after signing in, the saved library is empty (the last logout cleared it) until the
// server's lists arrive: the overview waits for them instead of saying "Audio 0".
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import { LIBRARY_NOT_SAVED } from '../../../../src/features/library/library-messages';
import { fakeApi } from '../fake-api';
import { renderApp, signedInSession } from '../render-app';
import { libraryAudio, libraryImage } from '../uploads/upload-fixtures';

const TRACK = libraryAudio({
  audio_uuid: '33333333-3333-4333-8333-333333333333',
  title: 'Night Drive',
  core_processing_status: 'COMPLETE',
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(async () => {
  stopLibraryServices();
  setOnline(true);
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

/** The server's lists, the track list held back until `release` is called. */
function serveWithSlowTracks() {
  fakeApi({
    'GET /api/user-workspace/get-user-images': { body: { images: [] } },
    'GET /api/audio/get-user-audios': { body: { audios: [TRACK] } },
  });
  const answer = globalThis.fetch;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/api/audio/get-user-audios')) await released;
    return answer(input, init);
  });
  return { release };
}

describe('the media overview right after signing in', () => {
  it('shows the audio count as loading until the server lists the tracks, never 0', async () => {
    const tracks = serveWithSlowTracks();
    renderApp({ session: signedInSession(null), path: '/media' });
    await screen.findByRole('heading', { level: 1, name: 'My Media' });
    // The image list has come (empty: a true 0); the track list has not.
    await vi.waitFor(() => expect(screen.getByTestId('count-images').textContent).toBe('0'), {
      timeout: 5000,
    });
    expect(screen.queryByTestId('count-audio')?.textContent).not.toBe('0');
    expect(screen.queryByTestId('count-audio')).toBeNull();
    expect(screen.getByTestId('count-audio-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Your library is empty')).toBeNull();

    tracks.release();
    expect((await screen.findByTestId('count-audio')).textContent).toBe('1');
    expect(screen.queryByTestId('count-audio-loading')).toBeNull();
    expect(await screen.findByText('Recently added')).toBeTruthy();
  });

  it('offline with no saved list, shows a dash and says why instead of 0 and an empty library', async () => {
    setOnline(false);
    fakeApi({});
    renderApp({ session: signedInSession(null), path: '/media' });
    expect(await screen.findByText(LIBRARY_NOT_SAVED.offline)).toBeTruthy();
    expect(screen.getByTestId('count-audio').textContent).toBe('–');
    expect(screen.getByTestId('count-images').textContent).toBe('–');
    expect(screen.queryByText('Your library is empty')).toBeNull();
  });

  it('shows the saved count at once on the next start, before the server answers', async () => {
    await getDatabase().libraryAudios.put(TRACK);
    await getDatabase().libraryMeta.put({ key: 'audios', fetchedAt: Date.now() - 60_000 });
    serveWithSlowTracks();
    renderApp({ session: signedInSession(null), path: '/media' });
    await vi.waitFor(() => expect(screen.getByTestId('count-audio').textContent).toBe('1'), {
      timeout: 5000,
    });
  });

  it('a recent track or image still being processed says so, its badge free to wrap on a phone', async () => {
    fakeApi({
      'GET /api/user-workspace/get-user-images': {
        body: { images: [libraryImage({ image_name: 'Cover', status: 'PENDING' })] },
      },
      'GET /api/audio/get-user-audios': {
        body: { audios: [{ ...TRACK, core_processing_status: 'PROGRESSING' }] },
      },
    });
    renderApp({ session: signedInSession(null), path: '/media' });
    await screen.findByText('Recently added');
    const cards = screen.getAllByTestId('recent-item');
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const badge = card.querySelector<HTMLElement>('[data-status]');
      expect(badge?.textContent).toBe('Processing');
      // The line it shares with the duration or the type wraps instead of cutting it.
      expect(badge?.parentElement?.getAttribute('style')).not.toContain('--group-wrap: nowrap');
    }
  });
});
