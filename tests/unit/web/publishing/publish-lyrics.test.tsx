// @vitest-environment happy-dom
// The publish form's lyrics (issue 27): shown only for a video that shows timed lyrics, sent as
// the caption language and the description choice; a channel without the captions permission
// sends the user to Google (purpose 'captions') with the form kept for the way back.
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import {
  CONSENT_STORAGE_KEY as CONSENT_KEY,
  consentNavigation,
} from '../../../../src/features/publishing/consent';
import { renderApp, signedInSession } from '../render-app';
import {
  authorizeUrlKey,
  channel,
  CHANNEL_ID,
  ENTRY_ID,
  serve,
  target,
  TARGET_ID,
  YT,
} from './publishing-fixtures';

const PATH = `/media/upload/${TARGET_ID}`;
const TARGET = `GET ${YT}/publish-target/${TARGET_ID}`;
const UPLOAD = 'POST /api/visualizers/upload-video-yt';
const CONNECTED = '/media/connected-accounts';
const withLyrics = target({ lyrics: { lines: 12, language: null } });
const channels = (canCaption: boolean) => ({
  [`GET ${YT}/get-authorized-channels`]: {
    body: { configured: true, channels: [channel({ can_add_captions: canCaption })] },
  },
});
const accepted = { status: 201, body: { entry_uuid: ENTRY_ID, yt_upload_status: 'PENDING' } };

beforeEach(() => window.sessionStorage.clear());

afterEach(async () => {
  stopLibraryServices();
  vi.restoreAllMocks();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

async function openForm() {
  return screen.findByRole('form', { name: 'Publish to YouTube' });
}

describe('the publish form’s lyrics', () => {
  it('a video without lyrics has no lyrics choice, and sends none', async () => {
    const api = serve({ [TARGET]: { body: target() }, [UPLOAD]: accepted });
    renderApp({ session: signedInSession(null), path: PATH });
    const form = await openForm();
    expect(within(form).queryByRole('group', { name: 'Lyrics' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Publish to YouTube' }));
    await waitFor(() => expect(api.callsTo(UPLOAD)).toHaveLength(1));
    expect(api.callsTo(UPLOAD)[0]!.body as { upload_config: { lyrics: unknown } }).toMatchObject({
      upload_config: { lyrics: { captions_language: null, in_description: false } },
    });
  });

  it('sends the captions in the language chosen, and the lyrics after the description', async () => {
    const api = serve({ [TARGET]: { body: withLyrics }, [UPLOAD]: accepted, ...channels(true) });
    renderApp({ session: signedInSession(null), path: PATH });
    const form = await openForm();
    const group = within(form).getByRole('group', { name: 'Lyrics' });
    expect(group.textContent).toContain('The video shows 12 timed lines of lyrics.');
    // Captions are on for a video with lyrics; the language starts as English (none was saved).
    expect(
      (within(group).getByRole('checkbox', { name: /captions/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(group).getByRole('combobox', { name: 'Language of the lyrics' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Japanese' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: /after the description/ }));
    expect(within(form).queryByTestId('captions-permission')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Publish to YouTube' }));
    await waitFor(() => expect(api.callsTo(UPLOAD)).toHaveLength(1));
    expect(api.callsTo(UPLOAD)[0]!.body).toMatchObject({
      upload_config: { lyrics: { captions_language: 'ja', in_description: true } },
    });
  });

  it('without the permission, Publish waits; Allow captions goes to Google and keeps the form', async () => {
    const go = vi.spyOn(consentNavigation, 'go').mockImplementation(() => undefined);
    const authorize = authorizeUrlKey(CONNECTED, 'captions');
    const api = serve({
      [TARGET]: { body: target({ lyrics: { lines: 3, language: 'he' } }) },
      [UPLOAD]: accepted,
      [authorize]: { body: { url: 'https://accounts.example/o/oauth2/auth', state: 'cap.sig' } },
      ...channels(false),
    });
    const first = renderApp({ session: signedInSession(null), path: PATH });
    const form = await openForm();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Title/ }), {
      target: { value: 'Shir (Lyric Video)' },
    });
    const permission = await within(form).findByTestId('captions-permission');
    expect(permission.textContent).toContain('allow Waveframe to add captions on Lumen Music');
    fireEvent.click(within(form).getByRole('button', { name: 'Publish to YouTube' }));
    const allow = within(permission).getByRole('button', { name: 'Allow captions' });
    await waitFor(() => expect(document.activeElement).toBe(allow));
    expect(api.callsTo(UPLOAD)).toHaveLength(0);

    fireEvent.click(allow);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://accounts.example/o/oauth2/auth'));
    expect(JSON.parse(window.sessionStorage.getItem(CONSENT_KEY) ?? '{}')).toEqual({
      state: 'cap.sig',
      purpose: 'captions',
      channelId: CHANNEL_ID,
      returnTo: PATH,
    });
    first.unmount();

    // Back from Google (the connected-accounts page sends the user here): the form as it was.
    serve({
      [TARGET]: { body: target({ lyrics: { lines: 3, language: 'he' } }) },
      ...channels(true),
    });
    renderApp({ session: signedInSession(null), path: PATH });
    const again = await openForm();
    expect((within(again).getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe(
      'Shir (Lyric Video)',
    );
    expect(
      (within(again).getByRole('combobox', { name: 'Language of the lyrics' }) as HTMLInputElement)
        .value,
    ).toBe('Hebrew');
    expect(within(again).queryByTestId('captions-permission')).toBeNull();
  });
});
