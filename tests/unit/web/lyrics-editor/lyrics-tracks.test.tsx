// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import { fakeApi } from '../fake-api';
import { renderApp, setLayoutWidth, signedInSession } from '../render-app';
import { libraryAudio } from '../uploads/upload-fixtures';

const READY = libraryAudio({
  audio_uuid: '22222222-2222-4222-8222-222222222222',
  title: 'Night Drive',
  artists: 'The Tests',
  // 3:15.5: its length is 3:16 to the nearest second, as players say it.
  duration_seconds: 195.5,
  core_processing_status: 'COMPLETE',
  playable_path: '/api/audio/file/2/playable',
  analysis_path: '/api/audio/file/2/analysis',
});
const PROCESSING = libraryAudio({
  audio_uuid: '33333333-3333-4333-8333-333333333333',
  file_name: 'demo-take.wav',
});

afterEach(async () => {
  stopLibraryServices();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

describe('the lyrics editor from the navigation', () => {
  it('opens from the phone drawer on the choice of the track, each ready one to its lyrics', async () => {
    fakeApi({
      'GET /api/user-workspace/get-user-images': { body: { images: [] } },
      'GET /api/audio/get-user-audios': { body: { audios: [READY, PROCESSING] } },
    });
    setLayoutWidth(390);
    const { router } = renderApp({ session: signedInSession(null), path: '/media' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Waveframe navigation' });
    fireEvent.click(within(drawer).getByRole('link', { name: 'Timed Lyrics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lyrics-editor'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Timed Lyrics' })).toBeTruthy();

    const ready = await screen.findByRole('link', { name: 'Lyrics of Night Drive' });
    expect(ready.getAttribute('href')).toBe(`/media/audio/${READY.audio_uuid}/lyrics`);
    expect(screen.getByText('The Tests · 3:16')).toBeTruthy();
    // Still processing: no lyrics page to open yet, and it says why.
    const rows = screen.getAllByTestId('lyrics-track');
    const waiting = rows.find((row) => row.dataset.title === 'demo-take')!;
    expect(within(waiting).getByText('Still processing: ready in a moment')).toBeTruthy();
    expect(within(waiting).queryByRole('link')).toBeNull();
    expect(within(waiting).getByRole('button', { name: 'Lyrics of demo-take' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('asks for a track first when the library has none', async () => {
    fakeApi({
      'GET /api/user-workspace/get-user-images': { body: { images: [] } },
      'GET /api/audio/get-user-audios': { body: { audios: [] } },
    });
    setLayoutWidth(1280);
    renderApp({ session: signedInSession(null), path: '/lyrics-editor' });
    expect(await screen.findByText('No tracks yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload a track' }).getAttribute('href')).toBe(
      '/media/audio',
    );
  });
});
