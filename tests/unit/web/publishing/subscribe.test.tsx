// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_STORAGE_KEY as CONSENT_KEY,
  consentNavigation,
} from '../../../../src/features/publishing/consent';
import { failure } from '../fake-api';
import { renderApp, signedInSession } from '../render-app';
import {
  authorizeUrlKey,
  channel,
  CHANNEL_ID,
  OTHER_CHANNEL_ID,
  serve,
  YT,
} from './publishing-fixtures';

const PATH = '/social/youtube/subscribe';
const SUBSCRIBE = `POST ${YT}/waveframe-subscribe`;
const PRODUCT = 'UCwaveframe0000000000000';

beforeEach(() => window.sessionStorage.clear());

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
});

const twoChannels = {
  [`GET ${YT}/get-authorized-channels`]: {
    body: {
      configured: true,
      channels: [channel(), channel({ channel_id: OTHER_CHANNEL_ID, channel_title: 'Lumen Live' })],
    },
  },
};

async function subscribeWith(name: string) {
  const form = await screen.findByRole('form', { name: 'Subscribe to Waveframe' });
  fireEvent.click(within(form).getByRole('radio', { name }));
  fireEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
}

describe('subscribe to Waveframe', () => {
  it('subscribes the chosen channel', async () => {
    const api = serve({
      ...twoChannels,
      [SUBSCRIBE]: { body: { subscribed_channel_id: PRODUCT, already_subscribed: false } },
    });
    renderApp({ session: signedInSession(null), path: PATH });
    await subscribeWith('Lumen Live');
    const done = await screen.findByTestId('subscribe-done');
    expect(done.textContent).toContain('Lumen Live is now subscribed to Waveframe on YouTube.');
    expect(api.callsTo(SUBSCRIBE).map((call) => call.body)).toEqual([
      { channel_id: OTHER_CHANNEL_ID },
    ]);
    expect(api.callsTo(SUBSCRIBE)[0]?.headers['X-CSRFToken']).toBe('test-token');
  });

  it('says when the channel was already subscribed', async () => {
    serve({ [SUBSCRIBE]: { body: { subscribed_channel_id: PRODUCT, already_subscribed: true } } });
    renderApp({ session: signedInSession(null), path: PATH });
    await subscribeWith('Lumen Music');
    expect((await screen.findByTestId('subscribe-done')).textContent).toContain(
      'Lumen Music was already subscribed to Waveframe, so nothing changed.',
    );
  });

  it('ScopeMissing: offers to allow subscribing, goes to Google, and subscribes on the way back', async () => {
    const go = vi.spyOn(consentNavigation, 'go').mockImplementation(() => undefined);
    const api = serve({
      [SUBSCRIBE]: failure(
        403,
        'ScopeMissing',
        'Allow Waveframe to manage subscriptions for this channel first.',
      ),
      [authorizeUrlKey(PATH, 'subscribe')]: {
        body: { url: 'https://accounts.example/o/oauth2/auth?scope=youtube', state: 'sub.sig' },
      },
    });
    const first = renderApp({ session: signedInSession(null), path: PATH });
    await subscribeWith('Lumen Music');
    const prompt = await screen.findByTestId('subscribe-needs-permission');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Allow subscribing' }));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('https://accounts.example/o/oauth2/auth?scope=youtube'),
    );
    expect(api.callsTo(authorizeUrlKey(PATH, 'subscribe'))).toHaveLength(1);
    expect(JSON.parse(window.sessionStorage.getItem(CONSENT_KEY) ?? '{}')).toEqual({
      state: 'sub.sig',
      purpose: 'subscribe',
      channelId: CHANNEL_ID,
      returnTo: null,
    });
    first.unmount();

    // Google sends the browser back with the wider grant.
    const back = serve({
      [`POST ${YT}/add-channel`]: {
        body: { channel: channel({ can_subscribe: true }), purpose: 'subscribe' },
      },
      [SUBSCRIBE]: { body: { subscribed_channel_id: PRODUCT, already_subscribed: false } },
    });
    const { router } = renderApp({
      session: signedInSession(null),
      path: `${PATH}?code=4%2Fgrant&state=sub.sig`,
    });
    expect((await screen.findByTestId('subscribe-done')).textContent).toContain(
      'Lumen Music is now subscribed to Waveframe on YouTube.',
    );
    expect(back.callsTo(`POST ${YT}/add-channel`).map((call) => call.body)).toEqual([
      { code: '4/grant', redirectUri: `${window.location.origin}${PATH}`, state: 'sub.sig' },
    ]);
    expect(back.callsTo(SUBSCRIBE).map((call) => call.body)).toEqual([{ channel_id: CHANNEL_ID }]);
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
  });

  it('a cancelled permission changes nothing', async () => {
    const api = serve();
    renderApp({ session: signedInSession(null), path: `${PATH}?error=access_denied` });
    expect((await screen.findByTestId('consent-cancelled')).textContent).toContain(
      'You did not allow subscribing',
    );
    expect(api.callsTo(`POST ${YT}/add-channel`)).toHaveLength(0);
    expect(api.callsTo(SUBSCRIBE)).toHaveLength(0);
  });

  it('without a linked channel, leads to connecting one', async () => {
    serve({ [`GET ${YT}/get-authorized-channels`]: { body: { configured: true, channels: [] } } });
    renderApp({ session: signedInSession(null), path: PATH });
    expect(
      (await screen.findByRole('link', { name: 'Connect a YouTube channel' })).getAttribute('href'),
    ).toBe('/media/connected-accounts');
  });

  it('explains an installation without a channel of its own to subscribe to', async () => {
    serve({ [`GET ${YT}/product-channel`]: { body: { channel_id: null, channel_url: null } } });
    renderApp({ session: signedInSession(null), path: PATH });
    expect((await screen.findByTestId('product-channel-not-configured')).textContent).toContain(
      'no Waveframe channel of its own',
    );
    expect(screen.queryByRole('form', { name: 'Subscribe to Waveframe' })).toBeNull();
  });
});
