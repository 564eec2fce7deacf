// @vitest-environment happy-dom
// The video library (clips and loop extensions) as this device saved it: shown at once, offline
// too, marked offline with when it was fetched, its server actions saying they need a connection.
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserVideo } from '../../../../src/api/videos';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import {
  lastUpdated,
  OFFLINE_NOT_SAVED,
  OFFLINE_VIDEO_PAGE,
} from '../../../../src/lib/offline-messages';
import { stopSavedAnswers } from '../../../../src/lib/saved-answer';
import { fakeApi, type FakeRoute } from '../fake-api';
import { renderApp, SAMPLE_USER, signedInSession } from '../render-app';
import { userVideo } from './video-fixtures';

const LIST = 'GET /api/videos/user-videos';

const CLIP = userVideo();

const LOOP = userVideo({
  video_uuid: '2c3d4e5f-6071-4829-93a4-b5c6d7e8f9a0',
  file_name: 'tour-clip (10:00 loop).mp4',
  is_task_output: true,
  task_name: 'LOOP_EXTEND',
  task_status: 'SUCCESS',
  source_video_uuid: CLIP.video_uuid,
  target_seconds: 600,
  created_at: '2026-03-09T11:00:00.000Z',
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

afterEach(async () => {
  stopSavedAnswers();
  stopLibraryServices();
  setOnline(true);
  vi.unstubAllGlobals();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

function serve(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/user-workspace/get-user-images': { body: { images: [] } },
    'GET /api/audio/get-user-audios': { body: { audios: [] } },
    [LIST]: { body: { videos: [LOOP, CLIP] } },
    ...routes,
  });
}

const cards = () => screen.findAllByTestId('video-card');

/** One online visit of the list: the server's answer is now saved on this device. */
async function visitOnline() {
  const api = serve();
  const view = renderApp({ session: signedInSession(null), path: '/media/video-loop-extensions' });
  expect(await cards()).toHaveLength(2);
  await waitFor(async () => expect(await getDatabase().savedAnswers.get('videos')).toBeTruthy());
  view.unmount();
  return api;
}

describe('the video library on this device', () => {
  it('opens offline after one visit: the clips and loops, marked offline, with when they were fetched', async () => {
    const api = await visitOnline();
    const saved = await getDatabase().savedAnswers.get('videos');
    expect(saved?.userUuid).toBe(SAMPLE_USER.user_uuid);

    setOnline(false);
    stopSavedAnswers();
    renderApp({ session: signedInSession(null), path: '/media/video-loop-extensions' });
    expect(await screen.findByTestId('offline-marker')).toBeTruthy();
    const shown = await cards();
    expect(shown.map((card) => card.getAttribute('data-kind'))).toEqual(['loop', 'clip']);
    expect(
      within(screen.getByRole('region', { name: 'Your loops' })).getByText(LOOP.file_name),
    ).toBeTruthy();
    expect((await screen.findByTestId('saved-at')).textContent).toBe(lastUpdated(saved!.fetchedAt));
    // Offline, nothing is asked of the server.
    expect(api.callsTo(LIST)).toHaveLength(1);
  });

  it('offline with nothing saved, says the list shows once back online', async () => {
    serve();
    setOnline(false);
    renderApp({ session: signedInSession(null), path: '/media/video-loop-extensions' });
    expect(await screen.findByTestId('videos-not-saved')).toBeTruthy();
    expect(screen.queryAllByTestId('video-card')).toHaveLength(0);
  });

  it("never shows another user's saved list", async () => {
    await visitOnline();
    await getDatabase().savedAnswers.update('videos', { userUuid: 'someone-else' });
    setOnline(false);
    stopSavedAnswers();
    renderApp({ session: signedInSession(null), path: '/media/video-loop-extensions' });
    expect(await screen.findByTestId('videos-not-saved')).toBeTruthy();
  });

  it("a clip's page offline: the saved details, playing and changes need a connection", async () => {
    await visitOnline();
    setOnline(false);
    stopSavedAnswers();
    renderApp({
      session: signedInSession(null),
      path: `/media/video-loop-extensions/${CLIP.video_uuid}`,
    });
    expect(await screen.findByRole('heading', { level: 1, name: CLIP.file_name })).toBeTruthy();
    expect(screen.getByText(OFFLINE_VIDEO_PAGE)).toBeTruthy();
    // Its picture stands in for the file, which is not asked for.
    const player = screen.getByTestId('video-player');
    expect(player.getAttribute('src')).toBeNull();
    expect(player.getAttribute('poster')).toBe(CLIP.thumbnail_path);
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove.hasAttribute('disabled')).toBe(true);
    const download = screen.getByText('Download').closest('a')!;
    expect(download.getAttribute('href')).toBeNull();
    expect(download.getAttribute('data-disabled')).toBe('true');
  });

  it('offline, a video this device never saw is not called deleted', async () => {
    await visitOnline();
    setOnline(false);
    stopSavedAnswers();
    renderApp({
      session: signedInSession(null),
      path: '/media/video-loop-extensions/3d4e5f60-7182-4930-a4b5-c6d7e8f9a0b1',
    });
    expect(await screen.findByText(OFFLINE_NOT_SAVED)).toBeTruthy();
    expect(screen.queryByTestId('video-not-found')).toBeNull();
  });

  it('online, a video the server does not list is not found, after asking once more', async () => {
    const api = await visitOnline();
    renderApp({
      session: signedInSession(null),
      path: '/media/video-loop-extensions/3d4e5f60-7182-4930-a4b5-c6d7e8f9a0b1',
    });
    expect(await screen.findByTestId('video-not-found')).toBeTruthy();
    expect(api.callsTo(LIST).length).toBeGreaterThanOrEqual(2);
  });

  it('deleting takes the video out of the saved list', async () => {
    await visitOnline();
    serve({ 'DELETE /api/videos/delete-video': { body: { deleted: true } } });
    renderApp({
      session: signedInSession(null),
      path: `/media/video-loop-extensions/${LOOP.video_uuid}`,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this video?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete video' }));
    expect(await screen.findByText('Video Deleted')).toBeTruthy();
    await waitFor(async () => {
      const saved = (await getDatabase().savedAnswers.get('videos'))?.value as UserVideo[];
      expect(saved.map((video) => video.video_uuid)).toEqual([CLIP.video_uuid]);
    });
  });
});
