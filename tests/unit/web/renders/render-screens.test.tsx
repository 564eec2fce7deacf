// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { lastUpdated, OFFLINE_ACTION } from '../../../../src/lib/offline-messages';
import {
  renderKey,
  staticVideoRow,
  visualizerRow,
} from '../../../../src/features/renders/render-kinds';
import { renderTiming } from '../../../../src/features/renders/render-rules';
import { stopRenderServices } from '../../../../src/features/renders/render-sync';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import { fakeApi, failure, type FakeRoute } from '../fake-api';
import { renderApp, setLayoutWidth, signedInSession } from '../render-app';
import {
  STATIC_ID,
  staticProgressOf,
  staticVideo,
  VIZ_ID,
  visualizer,
  vizProgress,
} from './render-fixtures';

const VIZ_STATUS = 'POST /api/visualizers/render-tasks-status';
const STATIC_STATUS = 'POST /api/music-videos/render-tasks-status';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  renderTiming.pollIntervalMs = 40;
  renderTiming.rateLimitedRetryMs = 40;
});

afterEach(async () => {
  stopRenderServices();
  stopLibraryServices();
  setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

/** A server with no renders but the given routes; the library lists answer empty. */
function serve(routes: Record<string, FakeRoute> = {}) {
  return fakeApi({
    'GET /api/user-workspace/get-user-images': { body: { images: [] } },
    'GET /api/audio/get-user-audios': { body: { audios: [] } },
    'GET /api/visualizers/get-user-visualizers': { body: { visualizers: [] } },
    'GET /api/music-videos/get-user-static-videos': { body: { videos: [] } },
    'GET /api/canvas-videos/get-user-canvas-videos': { body: { videos: [] } },
    'GET /api/elements/get-particle-system-renders': { body: { renders: [] } },
    ...routes,
  });
}

/**
 * Resolves once the last poll the app could still make about a render has been made. First the
 * answer that finished it must be saved: the screens decide whether to ask again only after
 * saving it. Then a timer set now with the poll interval fires after any poll timer set until
 * now (timers with the same or a shorter delay fire in the order they were set), and that poll's
 * request is sent before this timer's callback runs. So a poll that should not happen is on
 * record when this resolves, whatever the machine's speed.
 */
async function afterAnyFurtherPoll(kind: 'visualizer', uploadUuid: string): Promise<void> {
  await waitFor(async () =>
    expect((await getDatabase().renders.get(renderKey(kind, uploadUuid)))?.phase).toBe('ready'),
  );
  const delay = Math.max(renderTiming.pollIntervalMs, renderTiming.rateLimitedRetryMs);
  await new Promise((resolve) => setTimeout(resolve, delay));
}

/** Answers each call with the next of `answers`, then keeps giving the last one. */
function sequence(answers: Array<FakeRoute>): FakeRoute {
  let i = 0;
  return (call) => {
    const answer = answers[Math.min(i++, answers.length - 1)];
    return typeof answer === 'function' ? answer(call) : (answer ?? null);
  };
}

describe('visualizer progress page', () => {
  it('shows percent and time remaining, polls render-tasks-status, then the thumbnail and the way to the video', async () => {
    const api = serve({
      [VIZ_STATUS]: sequence([
        { body: { tasks: [vizProgress('IN-PROGRESS', 37.4)] } },
        { body: { tasks: [vizProgress('IN-PROGRESS', 81)] } },
        { body: { tasks: [vizProgress('COMPLETE', 100)] } },
      ]),
    });
    renderApp({
      session: signedInSession(null),
      path: `/audio-reactive-music-visualizers/progress/${VIZ_ID}`,
    });
    await waitFor(() => expect(screen.getByTestId('render-percent').textContent).toBe('37%'));
    expect(screen.getByText('About 2 minutes left')).toBeTruthy();
    expect(screen.getByText('Mirrored Bars')).toBeTruthy();
    expect(screen.getByText('night-drive')).toBeTruthy();
    expect(screen.getByText('1920 × 1080')).toBeTruthy();

    const watch = await screen.findByRole('link', { name: 'Watch your video' });
    expect(watch.getAttribute('href')).toBe(`/media/visualizers/${VIZ_ID}`);
    const thumbnail = screen.getByRole('img', { name: 'Night Drive, first look' });
    expect(thumbnail.getAttribute('src')).toBe(`/api/visualizers/thumbnail/${VIZ_ID}`);
    expect(screen.getByTestId('render-percent').textContent).toBe('100%');
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      `/api/visualizers/video/${VIZ_ID}?download=1`,
    );

    const polls = api.callsTo(VIZ_STATUS);
    expect(polls.length).toBe(3);
    expect(polls[0]?.body).toEqual({ upload_uuids: [VIZ_ID] });
    // Finished: no more polling.
    await afterAnyFurtherPoll('visualizer', VIZ_ID);
    expect(api.callsTo(VIZ_STATUS).length).toBe(3);
  });

  it('waits and asks again after a 429', async () => {
    const api = serve({
      [VIZ_STATUS]: sequence([
        failure(429, 'RateLimited', 'Slow down'),
        { body: { tasks: [vizProgress('IN-PROGRESS', 12)] } },
      ]),
    });
    renderApp({
      session: signedInSession(null),
      path: `/audio-reactive-music-visualizers/progress/${VIZ_ID}`,
    });
    await waitFor(() => expect(screen.getByTestId('render-percent').textContent).toBe('12%'));
    expect(api.callsTo(VIZ_STATUS).length).toBeGreaterThanOrEqual(2);
  });

  it('FAILED shows the reason, that the credit came back, and Try again to the template', async () => {
    serve({
      [VIZ_STATUS]: {
        body: {
          tasks: [
            vizProgress('FAILED', 40, {
              vizInfo: visualizer({
                render_status: 'FAILED',
                error: 'The background image could not be read.',
              }),
            }),
          ],
        },
      },
    });
    renderApp({
      session: signedInSession(null),
      path: `/audio-reactive-music-visualizers/progress/${VIZ_ID}`,
    });
    const failed = await screen.findByTestId('render-failed');
    expect(within(failed).getByText('The background image could not be read.')).toBeTruthy();
    expect(
      within(failed).getByText('The credit it used has been returned to your account.'),
    ).toBeTruthy();
    expect(within(failed).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/audio-reactive-music-visualizers/create/mirrored-bars',
    );
  });

  it('NotFound says so and leads back to the list', async () => {
    serve({ [VIZ_STATUS]: { body: { tasks: [vizProgress('NotFound', 0)] } } });
    renderApp({
      session: signedInSession(null),
      path: `/audio-reactive-music-visualizers/progress/${VIZ_ID}`,
    });
    const state = await screen.findByTestId('render-not-found');
    expect(within(state).getByText('We could not find this video')).toBeTruthy();
    expect(
      within(state).getByRole('link', { name: 'My music visualizers' }).getAttribute('href'),
    ).toBe('/media/visualizers');
  });
});

describe('static music video progress page', () => {
  it('follows RENDERING to VIDEO READY', async () => {
    const rendering = staticVideo();
    const ready = staticVideo({ render_status: 'VIDEO READY' });
    const api = serve({
      [STATIC_STATUS]: sequence([
        { body: { tasks: [staticProgressOf(rendering, 50)] } },
        { body: { tasks: [staticProgressOf(ready, 100)] } },
      ]),
    });
    renderApp({
      session: signedInSession(null),
      path: `/single-frame-music-videos/progress/${STATIC_ID}`,
    });
    expect(await screen.findByText('Less than a minute left')).toBeTruthy();
    const watch = await screen.findByRole('link', { name: 'Watch your video' });
    expect(watch.getAttribute('href')).toBe(`/media/single-frame-videos/${STATIC_ID}`);
    expect(screen.getByText('Still picture')).toBeTruthy();
    expect(api.callsTo(STATIC_STATUS)[0]?.body).toEqual({ tasks: [STATIC_ID] });
  });

  it('an id the server leaves out of the answer is not found', async () => {
    serve({ [STATIC_STATUS]: { body: { tasks: [] } } });
    renderApp({
      session: signedInSession(null),
      path: `/single-frame-music-videos/progress/${STATIC_ID}`,
    });
    expect(await screen.findByTestId('render-not-found')).toBeTruthy();
  });
});

describe('My Visualizers', () => {
  it('lists cards with template, track and status; polls only while one is unfinished', async () => {
    const done = visualizer({
      upload_uuid: 'done-1',
      render_status: 'COMPLETE',
      configuration: { ...visualizer().configuration, title: 'Sunrise' },
      created_at: '2026-03-10T10:00:00.000Z',
    });
    const api = serve({
      'GET /api/visualizers/get-user-visualizers': {
        body: { visualizers: [visualizer(), done] },
      },
      [VIZ_STATUS]: sequence([
        { body: { tasks: [vizProgress('IN-PROGRESS', 64)] } },
        { body: { tasks: [vizProgress('COMPLETE', 100)] } },
      ]),
    });
    renderApp({ session: signedInSession(null), path: '/media/visualizers' });
    await screen.findByRole('heading', { level: 1, name: 'My Visualizers' });
    const cards = await screen.findAllByTestId('render-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Night Drive')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Sunrise')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Ready')).toBeTruthy();
    // The unfinished one links to its progress page, the finished one to its video.
    expect(
      within(cards[0] as HTMLElement)
        .getByRole('link', { name: /^Open Night Drive\b/ })
        .getAttribute('href'),
    ).toBe(`/audio-reactive-music-visualizers/progress/${VIZ_ID}`);
    expect(
      within(cards[1] as HTMLElement)
        .getByRole('link', { name: /^Open Sunrise\b/ })
        .getAttribute('href'),
    ).toBe('/media/visualizers/done-1');

    await waitFor(() =>
      expect(screen.getAllByTestId('render-card')[0]?.getAttribute('data-phase')).toBe('ready'),
    );
    // Polling asked only about the unfinished one, and stopped once it was done.
    expect(api.callsTo(VIZ_STATUS)[0]?.body).toEqual({ upload_uuids: [VIZ_ID] });
    const polls = api.callsTo(VIZ_STATUS).length;
    await afterAnyFurtherPoll('visualizer', VIZ_ID);
    expect(api.callsTo(VIZ_STATUS).length).toBe(polls);
  });

  it('shows an empty state with a link to create one', async () => {
    serve();
    renderApp({ session: signedInSession(null), path: '/media/visualizers' });
    expect(await screen.findByText('No visualizers yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a visualizer' }).getAttribute('href')).toBe(
      '/audio-reactive-music-visualizers',
    );
  });

  it('deletes after confirming: Visualizer Deleted', async () => {
    const done = visualizer({ render_status: 'COMPLETE' });
    const api = serve({
      'GET /api/visualizers/get-user-visualizers': { body: { visualizers: [done] } },
      'DELETE /api/visualizers/delete-visualizer': { body: { deleted: true } },
    });
    renderApp({ session: signedInSession(null), path: '/media/visualizers' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Night Drive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this music visualizer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete video' }));
    expect(await screen.findByText('Visualizer Deleted')).toBeTruthy();
    expect(api.callsTo('DELETE /api/visualizers/delete-visualizer')[0]?.body).toEqual({
      upload_uuid: VIZ_ID,
    });
    await waitFor(() => expect(screen.queryAllByTestId('render-card')).toHaveLength(0));
  });

  it('offline: opens from the saved copy, says when it was fetched, download and delete disabled', async () => {
    await getDatabase().renders.put(visualizerRow(visualizer({ render_status: 'COMPLETE' })));
    const fetchedAt = Date.UTC(2026, 10, 20, 9, 30);
    await getDatabase().renderMeta.put({ key: 'visualizer', fetchedAt });
    setOnline(false);
    serve();
    renderApp({ session: signedInSession(null), path: '/media/visualizers' });
    expect(await screen.findByTestId('offline-marker')).toBeTruthy();
    expect(await screen.findByText('Night Drive')).toBeTruthy();
    expect((await screen.findByTestId('saved-at')).textContent).toBe(lastUpdated(fetchedAt));
    const remove = screen.getByRole('button', { name: 'Delete Night Drive' });
    expect(remove.hasAttribute('disabled') || remove.getAttribute('data-disabled')).toBeTruthy();
    // Downloading needs the server too.
    const download = screen.getByLabelText('Download Night Drive');
    expect(download.getAttribute('href')).toBeNull();
    expect(download.getAttribute('data-disabled')).toBe('true');
    expect(OFFLINE_ACTION).toContain('offline');
  });
});

describe('video pages', () => {
  it('plays the video, offers the download, and deletes back to the list with a toast', async () => {
    const api = serve({
      [STATIC_STATUS]: {
        body: { tasks: [staticProgressOf(staticVideo({ render_status: 'VIDEO READY' }), 100)] },
      },
      'DELETE /api/music-videos/delete-static-video': { body: { deleted: true } },
    });
    const { router } = renderApp({
      session: signedInSession(null),
      path: `/media/single-frame-videos/${STATIC_ID}`,
    });
    const video = await screen.findByTestId('render-video');
    expect(video.getAttribute('src')).toBe(`/api/music-videos/video/${STATIC_ID}`);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Still Life' })).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(`/api/music-videos/video/${STATIC_ID}?download=1`);
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Cover on Blur')).toBeTruthy();
    expect(screen.getByText('2.9 MB')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete this static music video?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete video' }));
    expect(await screen.findByText('Video Deleted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/media/single-frame-videos'));
    expect(api.callsTo('DELETE /api/music-videos/delete-static-video')).toHaveLength(1);
  });

  it('an unfinished visualizer shows its progress on its page', async () => {
    serve({ [VIZ_STATUS]: { body: { tasks: [vizProgress('IN-PROGRESS', 23)] } } });
    renderApp({ session: signedInSession(null), path: `/media/visualizers/${VIZ_ID}` });
    await waitFor(() => expect(screen.getByTestId('render-percent').textContent).toBe('23%'));
    expect(screen.queryByTestId('render-video')).toBeNull();
    expect(screen.getByText('Deleting it stops the render and returns its credit.')).toBeTruthy();
  });
});

describe('top bar and My Media', () => {
  it('Music Visualizers leads to the creator when the user has no visualizers', async () => {
    setLayoutWidth(1280);
    serve();
    renderApp({ session: signedInSession(null), path: '/media' });
    const link = await screen.findByRole('link', { name: 'Music Visualizers' });
    expect(link.getAttribute('href')).toBe('/music-visualizer-creator');
    expect(screen.getByRole('link', { name: 'Static Music Videos' }).getAttribute('href')).toBe(
      '/single-frame-music-video-templates',
    );
  });

  it('Music Visualizers leads to the gallery once the user has visualizers', async () => {
    setLayoutWidth(1280);
    const api2 = serve({
      'GET /api/visualizers/get-user-visualizers': { body: { visualizers: [visualizer()] } },
    });
    renderApp({ session: signedInSession(null), path: '/media' });
    // The default wait (tests/unit/setup.ts): the first screen of a file loads its feature's code.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Music Visualizers' }).getAttribute('href')).toBe(
        '/audio-reactive-music-visualizers',
      ),
    );
    expect(api2.callsTo('GET /api/visualizers/get-user-visualizers').length).toBeGreaterThan(0);
  });

  it('My Media counts the videos and links to both sections', async () => {
    serve({
      'GET /api/visualizers/get-user-visualizers': { body: { visualizers: [visualizer()] } },
      'GET /api/music-videos/get-user-static-videos': {
        body: { videos: [staticVideo({ render_status: 'VIDEO READY' })] },
      },
    });
    renderApp({ session: signedInSession(null), path: '/media' });
    await waitFor(() => expect(screen.getByTestId('count-videos').textContent).toBe('2'));
    expect(
      screen.getByRole('link', { name: /^Music visualizers\s*1 video\b/ }).getAttribute('href'),
    ).toBe('/media/visualizers');
    expect(
      screen.getByRole('link', { name: /^Static music videos\s*1 video\b/ }).getAttribute('href'),
    ).toBe('/media/single-frame-videos');
    // Saved for offline use.
    expect(await getDatabase().renders.count()).toBe(2);
    expect(staticVideoRow(staticVideo()).kind).toBe('single-frame');
  });
});
