// @vitest-environment happy-dom
// One state per file: once the library shows a track as Ready, the upload panel calls the same
// file Done with it (it used to say Processing until the queue's own 10-second poll came round).
import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import { fakeApi } from '../fake-api';
import { renderApp, signedInSession } from '../render-app';
import { libraryAudio, uploadRow } from '../uploads/upload-fixtures';

const TRACK_ID = '22222222-2222-4222-8222-222222222222';
const UPLOAD = uploadRow({
  id: 'up-1',
  fileName: 'Night Drive.mp3',
  state: 'processing',
  serverId: TRACK_ID,
  file: null,
  percent: 100,
  bytesSent: 1000,
  updatedAt: Date.now() - 60_000,
});
const track = (status: 'PROGRESSING' | 'COMPLETE') =>
  libraryAudio({ audio_uuid: TRACK_ID, title: 'Night Drive', core_processing_status: status });

afterEach(async () => {
  stopLibraryServices();
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

/** The app reopened: the saved queue and library are from before, the server has moved on. */
async function reopenWith(
  savedTrack: ReturnType<typeof track> | null,
  serverTrack: ReturnType<typeof track>,
) {
  const db = getDatabase();
  await db.uploadQueue.put(UPLOAD);
  if (savedTrack) {
    await db.libraryAudios.put(savedTrack);
    await db.libraryMeta.put({ key: 'audios', fetchedAt: Date.now() - 2 * 3600_000 });
  }
  const api = fakeApi({
    'GET /api/user-workspace/get-user-images': { body: { images: [] } },
    'GET /api/audio/get-user-audios': { body: { audios: [serverTrack] } },
    'POST /api/audio/get-processing-status': {
      body: {
        statuses: [
          {
            audio_uuid: TRACK_ID,
            core_processing_status: serverTrack.core_processing_status,
            error: null,
            audio: serverTrack,
          },
        ],
      },
    },
  });
  renderApp({ session: signedInSession(null), path: '/media/audio' });
  return api;
}

const uploadRowOf = () => screen.getByRole('group', { name: 'Upload of Night Drive.mp3' });

describe('the upload panel after reopening the app', () => {
  it('shows a file Done as soon as the library shows its track Ready, and keeps it so', async () => {
    const api = await reopenWith(track('PROGRESSING'), track('COMPLETE'));
    const row = await screen.findByTestId('track-row');
    await vi.waitFor(() => expect(row.getAttribute('data-status')).toBe('COMPLETE'), {
      timeout: 3000,
    });
    // With the list, not after the queue's own poll (10 s later): none has been asked yet.
    await vi.waitFor(() => expect(uploadRowOf().getAttribute('data-state')).toBe('done'), {
      timeout: 3000,
    });
    expect(api.callsTo('POST /api/audio/get-processing-status')).toHaveLength(0);
    expect(within(uploadRowOf()).queryByText('Processing')).toBeNull();
    expect(screen.getByText('all finished')).toBeTruthy();
    // The saved queue follows, so the next start shows it done too.
    await vi.waitFor(
      async () => expect((await getDatabase().uploadQueue.get(UPLOAD.id))?.state).toBe('done'),
      { timeout: 3000 },
    );
  });

  it('shows Processing while the library has the track unfinished', async () => {
    await reopenWith(null, track('PROGRESSING'));
    const row = await screen.findByTestId('track-row');
    expect(row.getAttribute('data-status')).toBe('PROGRESSING');
    expect(uploadRowOf().getAttribute('data-state')).toBe('processing');
    expect(screen.getByText('1 in progress')).toBeTruthy();
  });
});
