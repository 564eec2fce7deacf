// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_MESSAGES } from '../../../../core/publishing/upload-config';
import {
  CONSENT_STORAGE_KEY as CONSENT_KEY,
  consentNavigation,
} from '../../../../src/features/publishing/consent';
import { publishingTiming } from '../../../../src/features/publishing/publishing-paths';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { stopSavedAnswers } from '../../../../src/lib/saved-answer';
import type { UploadEntry } from '../../../../src/api/publishing';
import { PUBLISHING_MESSAGES } from '../../../../src/features/publishing/publishing-messages';
import { lastUpdated } from '../../../../src/lib/offline-messages';
import { failure } from '../fake-api';
import { renderApp, signedInSession } from '../render-app';
import {
  authorizeUrlKey,
  channel,
  CHANNEL_ID,
  entry,
  ENTRY_ID,
  OTHER_CHANNEL_ID,
  published,
  sequence,
  serve,
  statusOf,
  YT,
} from './publishing-fixtures';

const PATH = '/media/connected-accounts';

beforeEach(() => {
  publishingTiming.pollIntervalMs = 40;
  publishingTiming.rateLimitedRetryMs = 40;
  window.sessionStorage.clear();
});

afterEach(async () => {
  stopSavedAnswers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

/** The toast's own text node (the whole message, nothing around it). */
const toastWith = (text: string) =>
  screen.findByText(text, { selector: '.mantine-Notification-description' });

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

describe('connected accounts offline', () => {
  afterEach(() => setOnline(true));

  it('opens after one visit with the channels and uploads last seen, marked offline, actions needing a connection', async () => {
    const api = serve({
      [`GET ${YT}/query-yt-uploads`]: { body: { uploads: [published()] } },
    });
    const visit = renderApp({ session: signedInSession(null), path: PATH });
    expect(await screen.findAllByTestId('upload-entry')).toHaveLength(1);
    await waitFor(async () => expect(await getDatabase().savedAnswers.count()).toBe(2));
    visit.unmount();
    const asked = api.calls.length;

    setOnline(false);
    stopSavedAnswers();
    renderApp({ session: signedInSession(null), path: PATH });
    expect(await screen.findByTestId('offline-marker')).toBeTruthy();
    expect(screen.getByText(PUBLISHING_MESSAGES.offlineNotice)).toBeTruthy();
    const fetchedAt = Math.min(
      ...(await getDatabase().savedAnswers.toArray()).map((row) => row.fetchedAt),
    );
    expect((await screen.findByTestId('saved-at')).textContent).toBe(lastUpdated(fetchedAt));
    const channelRow = await screen.findByTestId('linked-channel');
    expect(within(channelRow).getByText('Lumen Music')).toBeTruthy();
    const upload = await screen.findByTestId('upload-entry');
    expect(within(upload).getByText('Published')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Connect a YouTube channel' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Disconnect Lumen Music' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(api.calls.length).toBe(asked);
  });

  it('offline with nothing saved, says so instead of loading for ever', async () => {
    serve();
    setOnline(false);
    renderApp({ session: signedInSession(null), path: PATH });
    expect(await screen.findAllByTestId('not-saved')).toHaveLength(2);
  });
});

describe('connected accounts', () => {
  it('lists the linked channels and the uploads, following a PENDING one until it is published', async () => {
    const second = channel({
      channel_id: OTHER_CHANNEL_ID,
      channel_title: 'Lumen Live',
      picture_url: null,
    });
    const older = published({
      entry_uuid: 'e0000000-0000-4000-8000-000000000001',
      title: 'Older One',
    });
    const api = serve({
      [`GET ${YT}/get-authorized-channels`]: {
        body: { configured: true, channels: [channel(), second] },
      },
      [`GET ${YT}/query-yt-uploads`]: {
        body: {
          uploads: [
            entry({ percent_complete: 40, bytes_sent: 4_194_304, bytes_total: 10_485_760 }),
            older,
          ],
        },
      },
      [`POST ${YT}/query-yt-uploads-status`]: sequence([
        {
          body: {
            entries: [
              statusOf(
                entry({ percent_complete: 70, bytes_sent: 7_340_032, bytes_total: 10_485_760 }),
              ),
            ],
          },
        },
        { body: { entries: [statusOf(published())] } },
      ]),
    });
    renderApp({ session: signedInSession(null), path: PATH });

    const rows = await screen.findAllByTestId('linked-channel');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Lumen Music')).toBeTruthy();
    expect(
      within(rows[0]!)
        .getByRole('link', { name: /View on YouTube/ })
        .getAttribute('href'),
    ).toBe(`https://www.youtube.com/channel/${CHANNEL_ID}`);
    expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe(
      'https://yt3.example/lumen.jpg',
    );
    // No picture: the channel's initial.
    expect(within(rows[1]!).getByText('L')).toBeTruthy();

    const uploads = await screen.findAllByTestId('upload-entry');
    expect(uploads).toHaveLength(2);
    expect(within(uploads[1]!).getByText('Published')).toBeTruthy();
    expect(
      within(uploads[1]!)
        .getByRole('link', { name: /Watch on YouTube/ })
        .getAttribute('href'),
    ).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    // The PENDING one is followed: its progress, then published with its link.
    await waitFor(() =>
      expect(within(screen.getAllByTestId('upload-entry')[0]!).getByText('Published')).toBeTruthy(),
    );
    expect(
      within(screen.getAllByTestId('upload-entry')[0]!)
        .getByRole('link', { name: /Watch on YouTube/ })
        .getAttribute('href'),
    ).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(api.callsTo(`POST ${YT}/query-yt-uploads-status`)[0]?.body).toEqual({
      entry_uuids: [ENTRY_ID],
    });
    // The newer answer is what this device keeps for its next visit.
    await waitFor(async () => {
      const saved = (await getDatabase().savedAnswers.get('youtubeUploads'))
        ?.value as UploadEntry[];
      expect(saved.map((upload) => upload.yt_upload_status)).toEqual(['SUCCESS', 'SUCCESS']);
    });
  });

  it('shows a PENDING upload with its progress bar', async () => {
    serve({
      [`GET ${YT}/query-yt-uploads`]: {
        body: {
          uploads: [
            entry({ percent_complete: 40, bytes_sent: 4_194_304, bytes_total: 10_485_760 }),
          ],
        },
      },
      [`POST ${YT}/query-yt-uploads-status`]: {
        body: {
          entries: [
            statusOf(
              entry({ percent_complete: 40, bytes_sent: 4_194_304, bytes_total: 10_485_760 }),
            ),
          ],
        },
      },
    });
    renderApp({ session: signedInSession(null), path: PATH });
    const bar = await screen.findByRole('progressbar', {
      name: 'Night Drive — Lumen: 40% published',
    });
    expect(bar).toBeTruthy();
    expect(screen.getByText('40% · 4 MB of 10 MB sent')).toBeTruthy();
  });

  it('says so when nothing is linked or published yet', async () => {
    serve({ [`GET ${YT}/get-authorized-channels`]: { body: { configured: true, channels: [] } } });
    renderApp({ session: signedInSession(null), path: PATH });
    expect(await screen.findByText('No channels connected yet')).toBeTruthy();
    expect(await screen.findByText('Nothing published yet')).toBeTruthy();
  });

  it('disconnects after confirming, with the spec message naming the channel', async () => {
    let linked = [channel()];
    const api = serve({
      [`GET ${YT}/get-authorized-channels`]: () => ({
        body: { configured: true, channels: linked },
      }),
      [`DELETE ${YT}/disconnect-channel`]: () => {
        linked = [];
        return { body: { channel_id: CHANNEL_ID, channel_title: 'Lumen Music' } };
      },
    });
    renderApp({ session: signedInSession(null), path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Lumen Music' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Lumen Music?' });
    expect(api.callsTo(`DELETE ${YT}/disconnect-channel`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    const message = await toastWith('Disconnected Channel: Lumen Music');
    expect(message.textContent).toBe(CHANNEL_MESSAGES.disconnected('Lumen Music'));
    const call = api.callsTo(`DELETE ${YT}/disconnect-channel`)[0];
    expect(call?.body).toEqual({ channel_id: CHANNEL_ID });
    expect(call?.headers['X-CSRFToken']).toBe('test-token');
    expect(await screen.findByText('No channels connected yet')).toBeTruthy();
  });

  it('says Problem Disconnecting Channel when it fails, and keeps the channel', async () => {
    serve({
      [`DELETE ${YT}/disconnect-channel`]: failure(
        502,
        'ProblemDisconnecting',
        'Problem Disconnecting Channel',
      ),
    });
    renderApp({ session: signedInSession(null), path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Lumen Music' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Lumen Music?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    const message = await toastWith('Problem Disconnecting Channel');
    expect(message.textContent).toBe('Problem Disconnecting Channel');
    expect(screen.getAllByTestId('linked-channel')).toHaveLength(1);
  });

  it('says Problem Disconnecting Channel without an answer too', async () => {
    serve({ [`DELETE ${YT}/disconnect-channel`]: null });
    renderApp({ session: signedInSession(null), path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Lumen Music' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Lumen Music?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect((await toastWith('Problem Disconnecting Channel')).textContent).toBe(
      'Problem Disconnecting Channel',
    );
  });

  it('explains an installation without YouTube access and disables connecting', async () => {
    serve({ [`GET ${YT}/get-authorized-channels`]: { body: { configured: false, channels: [] } } });
    renderApp({ session: signedInSession(null), path: PATH });
    const notice = await screen.findByTestId('youtube-not-configured');
    expect(notice.textContent).toContain(
      'This installation has no YouTube access configured. Ask its operator to set YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET.',
    );
    const connect = screen.getByRole('button', { name: 'Connect a YouTube channel' });
    expect(connect.hasAttribute('disabled')).toBe(true);
  });

  it('Connect asks for the consent address, keeps its state in this tab and goes to Google', async () => {
    const go = vi.spyOn(consentNavigation, 'go').mockImplementation(() => undefined);
    const api = serve({
      [authorizeUrlKey(PATH, 'link')]: {
        body: { url: 'https://accounts.example/o/oauth2/auth?state=s1', state: 's1' },
      },
    });
    renderApp({ session: signedInSession(null), path: PATH });
    const connect = await screen.findByRole('button', { name: 'Connect a YouTube channel' });
    await waitFor(() => expect(connect.hasAttribute('disabled')).toBe(false));
    fireEvent.click(connect);
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('https://accounts.example/o/oauth2/auth?state=s1'),
    );
    expect(api.callsTo(authorizeUrlKey(PATH, 'link'))).toHaveLength(1);
    expect(JSON.parse(window.sessionStorage.getItem(CONSENT_KEY) ?? '{}')).toMatchObject({
      state: 's1',
      purpose: 'link',
    });
  });

  it('shows the server message when the consent address is refused', async () => {
    const go = vi.spyOn(consentNavigation, 'go').mockImplementation(() => undefined);
    serve({
      [authorizeUrlKey(PATH, 'link')]: failure(
        503,
        'YouTubeNotConfigured',
        'YouTube is switched off here.',
      ),
    });
    renderApp({ session: signedInSession(null), path: PATH });
    const connect = await screen.findByRole('button', { name: 'Connect a YouTube channel' });
    await waitFor(() => expect(connect.hasAttribute('disabled')).toBe(false));
    fireEvent.click(connect);
    expect(await screen.findByText('YouTube is switched off here.')).toBeTruthy();
    expect(go).not.toHaveBeenCalled();
  });

  it('back from Google: links the channel with code, redirectUri and state, then cleans the address', async () => {
    window.sessionStorage.setItem(
      CONSENT_KEY,
      JSON.stringify({ state: 'st.sig', purpose: 'link' }),
    );
    let linked: ReturnType<typeof channel>[] = [];
    const api = serve({
      [`GET ${YT}/get-authorized-channels`]: () => ({
        body: { configured: true, channels: linked },
      }),
      [`POST ${YT}/add-channel`]: () => {
        linked = [channel()];
        return { body: { channel: channel(), purpose: 'link' } };
      },
    });
    const { router } = renderApp({
      session: signedInSession(null),
      path: `${PATH}?code=4%2F0Abc&state=st.sig&scope=youtube.upload`,
    });
    expect(await toastWith('Connected Channel: Lumen Music')).toBeTruthy();
    expect(api.callsTo(`POST ${YT}/add-channel`).map((call) => call.body)).toEqual([
      { code: '4/0Abc', redirectUri: `${window.location.origin}${PATH}`, state: 'st.sig' },
    ]);
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(router.state.location.pathname).toBe(PATH);
    expect(await screen.findAllByTestId('linked-channel')).toHaveLength(1);
    expect(window.sessionStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('shows the server message when linking is refused', async () => {
    window.sessionStorage.setItem(CONSENT_KEY, JSON.stringify({ state: 'st', purpose: 'link' }));
    serve({
      [`POST ${YT}/add-channel`]: failure(
        400,
        'NoChannel',
        'This Google account has no YouTube channel. Create one on YouTube, then connect again.',
      ),
    });
    renderApp({ session: signedInSession(null), path: `${PATH}?code=c&state=st` });
    expect(
      await screen.findByText(
        'This Google account has no YouTube channel. Create one on YouTube, then connect again.',
      ),
    ).toBeTruthy();
  });

  it('refuses a state this tab did not start, without calling the server', async () => {
    window.sessionStorage.setItem(CONSENT_KEY, JSON.stringify({ state: 'mine', purpose: 'link' }));
    const api = serve({
      [`POST ${YT}/add-channel`]: { body: { channel: channel(), purpose: 'link' } },
    });
    const { router } = renderApp({
      session: signedInSession(null),
      path: `${PATH}?code=c&state=someone-elses`,
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('does not match a connection started here');
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(api.callsTo(`POST ${YT}/add-channel`)).toHaveLength(0);
  });

  it('refuses a return with no consent started in this tab', async () => {
    const api = serve();
    renderApp({ session: signedInSession(null), path: `${PATH}?code=c&state=s` });
    expect((await screen.findByRole('alert')).textContent).toContain('does not match');
    expect(api.callsTo(`POST ${YT}/add-channel`)).toHaveLength(0);
  });

  it('takes a cancelled consent calmly', async () => {
    const api = serve();
    const { router } = renderApp({
      session: signedInSession(null),
      path: `${PATH}?error=access_denied`,
    });
    expect((await screen.findByTestId('consent-cancelled')).textContent).toContain(
      'You cancelled connecting your YouTube channel',
    );
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo(`POST ${YT}/add-channel`)).toHaveLength(0);
  });
});
