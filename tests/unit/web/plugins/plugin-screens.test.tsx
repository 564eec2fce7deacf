// @vitest-environment happy-dom
import { generateKeyPairSync, sign } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PluginCatalogue } from '../../../../core/plugins/api-types';
import { encodeLicence, licenceMessage } from '../../../../core/plugins/licence';
import {
  DOWNLOADS_NEED_CONNECTION,
  NO_PLUGINS_TEXT,
  NO_PLUGINS_TITLE,
  SHOWN_FROM_LAST_VISIT,
} from '../../../../src/features/plugins';
import { createSessionStore } from '../../../../src/features/session/session-store';
import { failure, fakeApi } from '../fake-api';
import { renderApp, SAMPLE_USER, sessionDeps, signedInSession } from '../render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const keys = generateKeyPairSync('ed25519');
const PUBLIC_KEY = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const SHA = 'ab'.repeat(32);

const catalogue = (premium: boolean): PluginCatalogue => ({
  plugins: [
    {
      id: 'ganymede-visualizer',
      name: 'Ganymede Visualizer',
      description: 'Visuals in your DAW.',
      premium,
      releases: [
        {
          version: '1.1.0',
          platform: 'linux',
          file_name: 'g-1.1.0.tar.gz',
          size: 2048,
          sha256: SHA,
        },
        {
          version: '1.0.0',
          platform: 'linux',
          file_name: 'g-1.0.0.tar.gz',
          size: 1024,
          sha256: SHA,
        },
        {
          version: '1.1.0',
          platform: 'windows',
          file_name: 'g-1.1.0.zip',
          size: 4096,
          sha256: SHA,
        },
      ],
    },
  ],
  licence_public_key: PUBLIC_KEY,
});

function licenceFor(userId: string) {
  const message = licenceMessage({
    v: 1,
    sub: userId,
    plugin: 'ganymede-visualizer',
    iat: 1_700_000_000,
    exp: 4_000_000_000,
  });
  return encodeLicence(message, new Uint8Array(sign(null, Buffer.from(message), keys.privateKey)));
}

const signedOut = () => createSessionStore(sessionDeps());

describe('the public plugin pages', () => {
  it('say that no plugins are available when the operator placed none', async () => {
    fakeApi({ 'GET /api/plugins': { body: { plugins: [], licence_public_key: PUBLIC_KEY } } });
    renderApp({ session: signedOut(), path: '/audio-plugins' });
    expect(await screen.findByText(NO_PLUGINS_TITLE)).toBeTruthy();
    expect(screen.getByText(NO_PLUGINS_TEXT)).toBeTruthy();
    expect(screen.getByTestId('ganymede-availability').textContent).toBe('No download yet');
  });

  it('without a server, show the text, and the releases of the last visit when there was one', async () => {
    fakeApi({ 'GET /api/plugins': null });
    const first = renderApp({ session: signedOut(), path: '/audio-plugins/ganymede-visualizer' });
    expect(await screen.findByText(DOWNLOADS_NEED_CONNECTION)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'System requirements' })).toBeTruthy();
    first.unmount();

    localStorage.setItem('waveframe-plugin-catalogue', JSON.stringify(catalogue(true)));
    renderApp({ session: signedOut(), path: '/audio-plugins/ganymede-visualizer' });
    expect(await screen.findByText(SHOWN_FROM_LAST_VISIT)).toBeTruthy();
    // Every release is listed on the plugin's page, the older one too.
    expect(screen.getAllByText(`SHA-256 of g-1.0.0.tar.gz`)).toHaveLength(1);
    expect(screen.getByTestId('licence-public-key').textContent).toBe(PUBLIC_KEY.trim());
  });
});

describe('/media/plugins', () => {
  it('shows the newest release per platform with a download link, and the key checked in the browser', async () => {
    const key = licenceFor(SAMPLE_USER.user_uuid);
    fakeApi({
      'GET /api/plugins': { body: catalogue(false) },
      'GET /api/plugins/ganymede-visualizer/licence': {
        body: {
          plugin: 'ganymede-visualizer',
          user_uuid: SAMPLE_USER.user_uuid,
          licence_key: key,
          issued_at: '2023-11-14T00:00:00.000Z',
          expires_at: '2024-11-13T00:00:00.000Z',
        },
      },
    });
    renderApp({ session: signedInSession(null), path: '/media/plugins' });
    expect((await screen.findByTestId('licence-key')).textContent).toBe(key);
    expect((await screen.findByTestId('licence-check')).textContent).toBe(
      'Checked in this browser with the public key below: the signature is genuine.',
    );
    const linux = screen.getByTestId('release-linux');
    expect(within(linux).getByText('Version 1.1.0')).toBeTruthy();
    expect(
      within(linux).getByRole('link', { name: 'Download for Linux' }).getAttribute('href'),
    ).toBe('/api/plugins/ganymede-visualizer/download/linux');
    expect(screen.queryByText('SHA-256 of g-1.0.0.tar.gz')).toBeNull();
  });

  it('says when a key does not check out (issued to another account)', async () => {
    fakeApi({
      'GET /api/plugins': { body: catalogue(false) },
      'GET /api/plugins/ganymede-visualizer/licence': {
        body: {
          plugin: 'ganymede-visualizer',
          user_uuid: SAMPLE_USER.user_uuid,
          licence_key: licenceFor('someone-else'),
          issued_at: '2023-11-14T00:00:00.000Z',
          expires_at: '2024-11-13T00:00:00.000Z',
        },
      },
    });
    renderApp({ session: signedInSession(null), path: '/media/plugins' });
    expect((await screen.findByTestId('licence-check')).textContent).toBe(
      'This key was issued to another account.',
    );
  });

  it('on a plan known to be free, offers Upgrade without asking for a key the server would refuse', async () => {
    const api = fakeApi({ 'GET /api/plugins': { body: catalogue(true) } });
    renderApp({
      session: signedInSession({ plan: 'free_tier', viz_credits: 3, is_premium: false }),
      path: '/media/plugins',
    });
    expect(await screen.findByTestId('licence-upgrade')).toBeTruthy();
    expect(api.callsTo('GET /api/plugins/ganymede-visualizer/licence')).toEqual([]);
  });

  it('offers Upgrade instead of downloads for a premium plugin on a free plan', async () => {
    fakeApi({
      'GET /api/plugins': { body: catalogue(true) },
      'GET /api/plugins/ganymede-visualizer/licence': failure(403, 'PremiumRequired'),
    });
    renderApp({ session: signedInSession(null), path: '/media/plugins' });
    expect(await screen.findByTestId('licence-upgrade')).toBeTruthy();
    const windows = screen.getByTestId('release-windows');
    expect(
      (within(windows).getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      within(windows)
        .getByRole('link', { name: 'Upgrade to download Ganymede Visualizer for Windows' })
        .getAttribute('href'),
    ).toBe('/premium');
  });
});
