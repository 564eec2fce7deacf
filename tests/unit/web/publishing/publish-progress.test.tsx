// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishingTiming } from '../../../../src/features/publishing/publishing-paths';
import { failure } from '../fake-api';
import { renderApp, signedInSession } from '../render-app';
import {
  entry,
  ENTRY_ID,
  published,
  sequence,
  serve,
  statusOf,
  TARGET_ID,
  YT,
} from './publishing-fixtures';

const PATH = `/media/upload/${ENTRY_ID}/progress`;
const STATUS = `POST ${YT}/query-yt-uploads-status`;

beforeEach(() => {
  publishingTiming.pollIntervalMs = 40;
  publishingTiming.rateLimitedRetryMs = 40;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

const sending = (percent: number, sent: number) =>
  entry({ percent_complete: percent, bytes_sent: sent, bytes_total: 10_485_760 });

describe('publishing progress', () => {
  it('polls every interval with a progress bar and bytes, then shows the published video', async () => {
    const api = serve({
      [STATUS]: sequence([
        { body: { entries: [statusOf(entry())] } },
        { body: { entries: [statusOf(sending(25, 2_621_440))] } },
        { body: { entries: [statusOf(sending(80, 8_388_608))] } },
        { body: { entries: [statusOf(published())] } },
      ]),
    });
    renderApp({ session: signedInSession(null), path: PATH });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Publishing Progress' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('upload-bytes').textContent).toBe('Waiting to start…'),
    );
    await waitFor(() => expect(screen.getByTestId('upload-percent').textContent).toBe('25%'));
    expect(screen.getByTestId('upload-bytes').textContent).toBe('2.5 MB of 10 MB sent');
    expect(screen.getByRole('progressbar', { name: '25% sent to YouTube' })).toBeTruthy();

    const done = await screen.findByTestId('upload-published');
    expect(within(done).getByText('Published on YouTube')).toBeTruthy();
    expect(
      within(done)
        .getByRole('link', { name: /Watch on YouTube/ })
        .getAttribute('href'),
    ).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(within(done).getByText('Your thumbnail is set.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    const polls = api.callsTo(STATUS);
    expect(polls[0]?.body).toEqual({ entry_uuids: [ENTRY_ID] });
    expect(polls).toHaveLength(4);
    // Finished: no more polls. The loop decides to ask again as it takes in the answer shown
    // above, setting a timer of one poll interval; a timer set now with a longer delay fires
    // after it, and by then that poll's call is on record (its request starts before any other
    // timer runs). So waiting past one interval lets a poll that should not happen show.
    const interval = Math.max(publishingTiming.pollIntervalMs, publishingTiming.rateLimitedRetryMs);
    await new Promise((resolve) => setTimeout(resolve, 2 * interval));
    expect(api.callsTo(STATUS)).toHaveLength(4);
  });

  it('says when YouTube did not take the thumbnail, and when a scheduled video goes public', async () => {
    serve({
      [STATUS]: {
        body: {
          entries: [
            statusOf(
              published({
                publish_at: '2099-06-01T16:30:00.000Z',
                thumbnail_result: 'The channel is not verified for custom thumbnails.',
              }),
            ),
          ],
        },
      },
    });
    renderApp({ session: signedInSession(null), path: PATH });
    const done = await screen.findByTestId('upload-published');
    expect(
      within(done).getByText(
        'Your thumbnail was not set: The channel is not verified for custom thumbnails.',
      ),
    ).toBeTruthy();
    expect(
      within(done).getByText(/^It stays private until .+, when YouTube makes it public\.$/),
    ).toBeTruthy();
  });

  it('FAILED shows the reason and Try again back to the form', async () => {
    serve({
      [STATUS]: {
        body: {
          entries: [
            statusOf(
              entry({
                yt_upload_status: 'FAILED',
                reason: 'YouTube says the channel has reached its daily upload limit.',
              }),
            ),
          ],
        },
      },
    });
    renderApp({ session: signedInSession(null), path: PATH });
    const failed = await screen.findByTestId('upload-failed');
    expect(
      within(failed).getByText('YouTube says the channel has reached its daily upload limit.'),
    ).toBeTruthy();
    expect(within(failed).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      `/media/upload/${TARGET_ID}`,
    );
  });

  it('an unknown upload: not found, with links back', async () => {
    serve({
      [STATUS]: {
        body: { entries: [{ entry_uuid: ENTRY_ID, yt_upload_status: 'NotFound', entry: null }] },
      },
    });
    renderApp({ session: signedInSession(null), path: PATH });
    const notFound = await screen.findByTestId('upload-not-found');
    expect(
      within(notFound).getByRole('link', { name: 'Connected accounts' }).getAttribute('href'),
    ).toBe('/media/connected-accounts');
    expect(within(notFound).getByRole('link', { name: 'My Media' }).getAttribute('href')).toBe(
      '/media',
    );
  });

  it('waits and asks again after a 429, and keeps asking after an error', async () => {
    const api = serve({
      [STATUS]: sequence([
        failure(429, 'TooManyRequests', 'Wait a few seconds then try again'),
        failure(500, 'ServerError', 'Something went wrong'),
        { body: { entries: [statusOf(sending(10, 1_048_576))] } },
        { body: { entries: [statusOf(published())] } },
      ]),
    });
    renderApp({ session: signedInSession(null), path: PATH });
    expect(await screen.findByTestId('upload-published')).toBeTruthy();
    expect(api.callsTo(STATUS)).toHaveLength(4);
  });
});
