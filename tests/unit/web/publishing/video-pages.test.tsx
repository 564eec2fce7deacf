// @vitest-environment happy-dom
// The ways into publishing from the video pages: Publish to YouTube on finished videos (a
// single-frame video also while it renders), and a single-frame video's upload side.
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CanvasTaskProgress, CanvasVideo } from '../../../../src/api/canvas';
import type { UserVideo } from '../../../../src/api/videos';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import { publishingTiming } from '../../../../src/features/publishing/publishing-paths';
import { staticVideoRow } from '../../../../src/features/renders/render-kinds';
import { renderTiming } from '../../../../src/features/renders/render-rules';
import { stopRenderServices } from '../../../../src/features/renders/render-sync';
import { fakeApi, type FakeRoute } from '../fake-api';
import { renderApp, signedInSession } from '../render-app';
import { userVideo } from '../video-loops/video-fixtures';
import {
  configuration,
  STATIC_ID,
  staticProgressOf,
  staticVideo,
  VIZ_ID,
  vizProgress,
} from '../renders/render-fixtures';
import { entry, ENTRY_ID, published, sequence, statusOf, YT } from './publishing-fixtures';

const STATIC_STATUS = 'POST /api/music-videos/render-tasks-status';
const UPLOAD_STATUS = `POST ${YT}/query-yt-uploads-status`;

beforeEach(() => {
  renderTiming.pollIntervalMs = 40;
  renderTiming.rateLimitedRetryMs = 40;
  publishingTiming.pollIntervalMs = 40;
  publishingTiming.rateLimitedRetryMs = 40;
});

afterEach(async () => {
  stopRenderServices();
  stopLibraryServices();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

function serve(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/user-workspace/get-user-images': { body: { images: [] } },
    'GET /api/audio/get-user-audios': { body: { audios: [] } },
    'GET /api/visualizers/get-user-visualizers': { body: { visualizers: [] } },
    'GET /api/music-videos/get-user-static-videos': { body: { videos: [] } },
    'GET /api/canvas-videos/get-user-canvas-videos': { body: { videos: [] } },
    ...routes,
  });
}

const publishLink = () => screen.findByRole('link', { name: 'Publish to YouTube' });

describe('Publish to YouTube on the video pages', () => {
  it('a finished visualizer', async () => {
    serve({
      'POST /api/visualizers/render-tasks-status': {
        body: { tasks: [vizProgress('COMPLETE', 100)] },
      },
    });
    renderApp({ session: signedInSession(null), path: `/media/visualizers/${VIZ_ID}` });
    expect((await publishLink()).getAttribute('href')).toBe(`/media/upload/${VIZ_ID}`);
  });

  it('not on a visualizer still rendering', async () => {
    serve({
      'POST /api/visualizers/render-tasks-status': {
        body: { tasks: [vizProgress('IN-PROGRESS', 30)] },
      },
    });
    renderApp({ session: signedInSession(null), path: `/media/visualizers/${VIZ_ID}` });
    await waitFor(() => expect(screen.getByTestId('render-percent').textContent).toBe('30%'));
    expect(screen.queryByRole('link', { name: 'Publish to YouTube' })).toBeNull();
  });

  it('a single-frame video while it renders, with NO UPLOAD as its upload side', async () => {
    serve({ [STATIC_STATUS]: { body: { tasks: [staticProgressOf(staticVideo(), 40)] } } });
    renderApp({ session: signedInSession(null), path: `/media/single-frame-videos/${STATIC_ID}` });
    expect((await publishLink()).getAttribute('href')).toBe(`/media/upload/${STATIC_ID}`);
    const side = await screen.findByTestId('static-upload-status');
    expect(within(side).getByText('NO UPLOAD')).toBeTruthy();
  });

  it("a single-frame video's upload: UPLOADING followed until UPLOAD COMPLETE, with its links", async () => {
    const uploading = staticVideo({
      render_status: 'VIDEO READY',
      upload_status: 'UPLOADING',
      yt_upload: entry({
        target_kind: 'single-frame',
        target_uuid: STATIC_ID,
        percent_complete: 30,
      }),
    });
    // The list saved it with its upload; status answers say only the upload side.
    await getDatabase().renders.put(staticVideoRow(uploading));
    serve({
      [STATIC_STATUS]: { body: { tasks: [staticProgressOf(uploading, 100)] } },
      [UPLOAD_STATUS]: sequence([
        { body: { entries: [statusOf(entry({ percent_complete: 60 }))] } },
        { body: { entries: [statusOf(published())] } },
      ]),
    });
    renderApp({ session: signedInSession(null), path: `/media/single-frame-videos/${STATIC_ID}` });
    const side = await screen.findByTestId('static-upload-status');
    await waitFor(() => expect(within(side).getByText('UPLOAD COMPLETE')).toBeTruthy());
    expect(within(side).getByRole('link', { name: 'See the upload' }).getAttribute('href')).toBe(
      `/media/upload/${ENTRY_ID}/progress`,
    );
    expect(
      within(side)
        .getByRole('link', { name: /Watch on YouTube/ })
        .getAttribute('href'),
    ).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('published since the list was fetched: finds its upload by the video', async () => {
    const listed = staticVideo({ render_status: 'VIDEO READY' });
    await getDatabase().renders.put(staticVideoRow(listed));
    const now = staticVideo({ render_status: 'VIDEO READY', upload_status: 'UPLOADING' });
    const upload = entry({ target_kind: 'single-frame', target_uuid: STATIC_ID });
    const api = serve({
      [STATIC_STATUS]: { body: { tasks: [staticProgressOf(now, 100)] } },
      [`GET ${YT}/query-yt-uploads`]: {
        body: { uploads: [entry({ entry_uuid: 'other', target_uuid: 'another-video' }), upload] },
      },
      [UPLOAD_STATUS]: { body: { entries: [statusOf(published())] } },
    });
    renderApp({ session: signedInSession(null), path: `/media/single-frame-videos/${STATIC_ID}` });
    const side = await screen.findByTestId('static-upload-status');
    await waitFor(() => expect(within(side).getByText('UPLOAD COMPLETE')).toBeTruthy());
    expect(within(side).getByRole('link', { name: 'See the upload' }).getAttribute('href')).toBe(
      `/media/upload/${ENTRY_ID}/progress`,
    );
    expect(api.callsTo(UPLOAD_STATUS)[0]?.body).toEqual({ entry_uuids: [ENTRY_ID] });
  });

  it('UPLOAD FAILED with its reason', async () => {
    const failed = staticVideo({
      render_status: 'VIDEO READY',
      upload_status: 'UPLOAD FAILED',
      yt_upload: entry({ yt_upload_status: 'FAILED', reason: 'YouTube refused the file.' }),
    });
    await getDatabase().renders.put(staticVideoRow(failed));
    serve({ [STATIC_STATUS]: { body: { tasks: [staticProgressOf(failed, 100)] } } });
    renderApp({ session: signedInSession(null), path: `/media/single-frame-videos/${STATIC_ID}` });
    const side = await screen.findByTestId('static-upload-status');
    expect(within(side).getByText('UPLOAD FAILED')).toBeTruthy();
    expect(await within(side).findByText('YouTube refused the file.')).toBeTruthy();
  });

  it('a finished Canvas, on its own page', async () => {
    const id = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
    const canvas: CanvasVideo = {
      upload_uuid: id,
      render_status: 'SUCCESS',
      configuration: configuration({ template: 'pulse-loop', width: 720, height: 1280 }),
      template_title: 'Pulse Loop',
      audio_uuid: null,
      audio_file_name: '',
      duration_seconds: 8,
      thumbnail_image: `/api/canvas-videos/thumbnail/${id}`,
      video_url: `/api/canvas-videos/video/${id}`,
      download_url: `/api/canvas-videos/video/${id}?download=1`,
      file_size: 1_000_000,
      created_at: '2026-03-10T10:00:00.000Z',
      finished_at: '2026-03-10T10:01:00.000Z',
      error: null,
      loop: { seconds: 8, frames: 240, beats: 16, bpm: 120, section_start: 0 },
    };
    const progress: CanvasTaskProgress = {
      upload_uuid: id,
      status: 'SUCCESS',
      percent_complete: 100,
      time_remaining: null,
      time_remaining_hr: 'Done',
      videoInfo: canvas,
    };
    serve({ 'POST /api/canvas-videos/render-tasks-status': { body: { tasks: [progress] } } });
    renderApp({ session: signedInSession(null), path: `/canvas-render-progress/${id}` });
    expect((await publishLink()).getAttribute('href')).toBe(`/media/upload/${id}`);
  });

  it('a library video once it has its file, not one that failed', async () => {
    const clip = userVideo();
    const broken: UserVideo = {
      ...clip,
      video_uuid: '2c3d4e5f-6071-4829-93a4-b5c6d7e8f9a0',
      file_name: 'broken.mp4',
      processing_status: 'FAILED',
      error: 'This file is not a video we can read.',
      video_path: null,
      download_path: null,
    };
    serve({ 'GET /api/videos/user-videos': { body: { videos: [clip, broken] } } });
    const first = renderApp({
      session: signedInSession(null),
      path: `/media/video-loop-extensions/${clip.video_uuid}`,
    });
    expect((await publishLink()).getAttribute('href')).toBe(`/media/upload/${clip.video_uuid}`);
    first.unmount();

    renderApp({
      session: signedInSession(null),
      path: `/media/video-loop-extensions/${broken.video_uuid}`,
    });
    expect(await screen.findByText('This file is not a video we can read.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Publish to YouTube' })).toBeNull();
  });
});
