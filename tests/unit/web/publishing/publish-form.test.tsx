// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublishTargetKind } from '../../../../src/api/publishing';
import type { LibraryImage } from '../../../../src/api/media';
import { clearUserTables } from '../../../../src/db/clear-user-data';
import { getDatabase } from '../../../../src/db/database';
import { stopLibraryServices } from '../../../../src/features/library/library-services';
import { publishingTiming } from '../../../../src/features/publishing/publishing-paths';
import { failure, type FakeCall } from '../fake-api';
import { renderApp, signedInSession } from '../render-app';
import {
  channel,
  CHANNEL_ID,
  entry,
  ENTRY_ID,
  OTHER_CHANNEL_ID,
  serve,
  statusOf,
  target,
  TARGET_ID,
  YT,
} from './publishing-fixtures';

const PATH = `/media/upload/${TARGET_ID}`;
const TARGET = `GET ${YT}/publish-target/${TARGET_ID}`;
const STATUS = `POST ${YT}/query-yt-uploads-status`;

const CALLS: Record<PublishTargetKind, { key: string; idField: 'upload_uuid' | 'video_uuid' }> = {
  visualizer: { key: 'POST /api/visualizers/upload-video-yt', idField: 'upload_uuid' },
  'single-frame': { key: 'POST /api/music-videos/upload-video-yt', idField: 'upload_uuid' },
  canvas: { key: 'POST /api/videos/upload-video-yt', idField: 'video_uuid' },
  particles: { key: 'POST /api/videos/upload-video-yt', idField: 'video_uuid' },
  video: { key: 'POST /api/videos/upload-video-yt', idField: 'video_uuid' },
};

const accepted = { status: 201, body: { entry_uuid: ENTRY_ID, yt_upload_status: 'PENDING' } };

beforeEach(() => {
  publishingTiming.pollIntervalMs = 40;
  publishingTiming.rateLimitedRetryMs = 40;
});

afterEach(async () => {
  stopLibraryServices();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
  await clearUserTables(getDatabase());
});

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function openForm() {
  return screen.findByRole('form', { name: 'Publish to YouTube' });
}

function publish(form: HTMLElement) {
  fireEvent.click(within(form).getByRole('button', { name: 'Publish to YouTube' }));
}

async function choose(form: HTMLElement, label: string, option: string) {
  fireEvent.click(within(form).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const uploadCalls = (calls: FakeCall[]) =>
  calls.filter((call) => call.path.endsWith('/upload-video-yt'));

describe('the publish form', () => {
  it('starts from the suggested title and description, with the counters', async () => {
    serve({ [TARGET]: { body: target() } });
    renderApp({ session: signedInSession(null), path: PATH });
    const form = await openForm();
    const title = within(form).getByRole('textbox', { name: /^Title/ }) as HTMLInputElement;
    expect(title.value).toBe('Night Drive — Lumen');
    expect(within(form).getByText('19/100 characters')).toBeTruthy();
    // "—" is 3 bytes in UTF-8.
    expect(within(form).getByText('43/5000 bytes')).toBeTruthy();
    type(within(form).getByRole('textbox', { name: /^Tags/ }), 'synthwave, night drive');
    // "night drive" has a space: YouTube counts its quotes.
    expect(within(form).getByText('Separate tags with commas · 23/500 characters')).toBeTruthy();
    expect(
      (within(form).getByRole('radio', { name: "No, it's not made for kids" }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(screen.getByTestId('publish-target-video').getAttribute('src')).toBe(
      `/api/visualizers/video/${TARGET_ID}`,
    );
  });

  it('shows problems by field as the user types, and sends nothing while there are any', async () => {
    const api = serve({
      [TARGET]: { body: target() },
      [CALLS.visualizer.key]: accepted,
      [STATUS]: { body: { entries: [statusOf(entry())] } },
    });
    const { router } = renderApp({ session: signedInSession(null), path: PATH });
    const form = await openForm();
    const title = within(form).getByRole('textbox', { name: /^Title/ });

    type(title, '   ');
    expect(await within(form).findByText('Give the video a title.')).toBeTruthy();
    type(title, 'Night <Drive>');
    expect(within(form).getByText('YouTube does not allow < or > in a title.')).toBeTruthy();
    type(title, 'x'.repeat(101));
    expect(
      within(form).getByText('The title is 101 characters long; YouTube takes up to 100.'),
    ).toBeTruthy();

    type(within(form).getByRole('textbox', { name: /^Description/ }), 'é'.repeat(2501));
    expect(
      within(form).getByText('The description is 5002 bytes long; YouTube takes up to 5000.'),
    ).toBeTruthy();

    type(
      within(form).getByRole('textbox', { name: /^Tags/ }),
      Array(60)
        .fill('synthwave')
        .map((t, i) => `${t}${i}`)
        .join(','),
    );
    expect(
      await within(form).findByText(/^The tags come to \d+ characters; YouTube takes up to 500\.$/),
    ).toBeTruthy();

    // Publish decides at once: it moves to the first problem instead of sending (sending shows
    // on the button before the call goes out).
    publish(form);
    expect(document.activeElement).toBe(title);
    const button = within(form).getByRole('button', { name: 'Publish to YouTube' });
    expect(button.getAttribute('data-loading')).toBeNull();

    // With the problems fixed, Publish sends: the call that goes out is the only one, so the
    // Publish before it sent nothing.
    type(title, 'Night Drive');
    type(within(form).getByRole('textbox', { name: /^Description/ }), 'Made at night.');
    type(within(form).getByRole('textbox', { name: /^Tags/ }), 'synthwave');
    publish(form);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/media/upload/${ENTRY_ID}/progress`),
    );
    expect(
      uploadCalls(api.calls).map(
        (call) => (call.body as { upload_config: { title: string } }).upload_config.title,
      ),
    ).toEqual(['Night Drive']);
  });

  it('scheduling needs Private: ticking it chooses Private, and Public with a time is refused', async () => {
    serve({ [TARGET]: { body: target() } });
    renderApp({ session: signedInSession(null), path: PATH });
    const form = await openForm();
    fireEvent.click(within(form).getByRole('radio', { name: /Public/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /Schedule when it goes public/ }));
    expect((within(form).getByRole('radio', { name: /Private/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    const when = within(form).getByLabelText(/Publish time/);
    type(when, '2020-01-01T10:00');
    expect(await within(form).findByText('Choose a publish time in the future.')).toBeTruthy();
    type(when, '2099-06-01T18:30');
    fireEvent.click(within(form).getByRole('radio', { name: /Public/ }));
    expect(
      await within(form).findByText(
        'A scheduled video stays private until its publish time: choose Private to schedule it.',
      ),
    ).toBeTruthy();
  });

  for (const kind of Object.keys(CALLS) as PublishTargetKind[]) {
    it(`publishes a ${kind} target through its own call and goes to the progress page`, async () => {
      const { key, idField } = CALLS[kind];
      const api = serve({
        [TARGET]: { body: target({ kind }) },
        [key]: accepted,
        [STATUS]: { body: { entries: [statusOf(entry({ target_kind: kind }))] } },
      });
      const { router } = renderApp({ session: signedInSession(null), path: PATH });
      publish(await openForm());
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/media/upload/${ENTRY_ID}/progress`),
      );
      const calls = uploadCalls(api.calls);
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([key]);
      expect(calls[0]?.headers['X-CSRFToken']).toBe('test-token');
      expect(calls[0]?.body).toEqual({
        [idField]: TARGET_ID,
        channel_id: CHANNEL_ID,
        upload_config: {
          title: 'Night Drive — Lumen',
          description: 'Night Drive — Lumen\n\nMade with Waveframe.',
          tags: [],
          privacy: 'private',
          publish_at: null,
          category_id: '10',
          made_for_kids: false,
          thumbnail: { source: 'render' },
          lyrics: { captions_language: null, in_description: false },
        },
      });
    });
  }

  it('sends every choice: channel, tags, visibility, schedule, category, audience, thumbnail', async () => {
    const api = serve({
      [`GET ${YT}/get-authorized-channels`]: {
        body: {
          configured: true,
          channels: [
            channel(),
            channel({ channel_id: OTHER_CHANNEL_ID, channel_title: 'Lumen Live' }),
          ],
        },
      },
      [TARGET]: { body: target() },
      [CALLS.visualizer.key]: accepted,
      [STATUS]: { body: { entries: [statusOf(entry())] } },
    });
    const { router } = renderApp({ session: signedInSession(null), path: PATH });
    const form = await openForm();
    await choose(form, 'Channel', 'Lumen Live');
    type(
      within(form).getByRole('textbox', { name: /^Title/ }),
      '  Night Drive (Official Visualizer) ',
    );
    type(within(form).getByRole('textbox', { name: /^Description/ }), 'Out now.');
    type(
      within(form).getByRole('textbox', { name: /^Tags/ }),
      'synthwave,  night   drive , Synthwave,, ',
    );
    fireEvent.click(within(form).getByRole('checkbox', { name: /Schedule when it goes public/ }));
    type(within(form).getByLabelText(/Publish time/), '2099-06-01T18:30');
    await choose(form, 'Category', 'Gaming');
    fireEvent.click(within(form).getByRole('radio', { name: "Yes, it's made for kids" }));
    fireEvent.click(within(form).getByRole('radio', { name: 'None: YouTube picks a frame' }));
    publish(form);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/media/upload/${ENTRY_ID}/progress`),
    );
    expect(uploadCalls(api.calls)[0]?.body).toEqual({
      upload_uuid: TARGET_ID,
      channel_id: OTHER_CHANNEL_ID,
      upload_config: {
        title: 'Night Drive (Official Visualizer)',
        description: 'Out now.',
        tags: ['synthwave', 'night drive'],
        privacy: 'private',
        publish_at: new Date('2099-06-01T18:30').toISOString(),
        category_id: '20',
        made_for_kids: true,
        thumbnail: { source: 'none' },
        lyrics: { captions_language: null, in_description: false },
      },
    });
  });

  it('takes the thumbnail from a library image', async () => {
    const image: LibraryImage = {
      image_uuid: '3f1e2d3c-4b5a-4697-8877-665544332211',
      image_name: 'Cover Art',
      image_type: 'album_art',
      image_path: '/api/user-workspace/image-file/cover',
      thumbnail_path: '/api/user-workspace/image-file/cover/thumb',
      favorite: false,
      status: 'COMPLETE',
      error: null,
      width: 1500,
      height: 1500,
      mimetype: 'image/jpeg',
      file_size: 400_000,
      created_at: '2026-11-01T10:00:00.000Z',
    };
    const api = serve({
      [TARGET]: { body: target() },
      [CALLS.visualizer.key]: accepted,
      [STATUS]: { body: { entries: [statusOf(entry())] } },
      'GET /api/user-workspace/get-user-images': { body: { images: [image] } },
      'GET /api/audio/get-user-audios': { body: { audios: [] } },
    });
    const { router } = renderApp({ session: signedInSession(null), path: PATH });
    const form = await openForm();
    fireEvent.click(within(form).getByRole('radio', { name: 'An image from my library' }));
    publish(form);
    expect(
      await within(form).findByText('Choose an image from your library for the thumbnail.'),
    ).toBeTruthy();
    expect(uploadCalls(api.calls)).toHaveLength(0);

    fireEvent.click(within(form).getByRole('button', { name: 'Choose image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the thumbnail' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cover Art' }));
    await waitFor(() => expect(within(form).getByText('Cover Art')).toBeTruthy());
    publish(form);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/media/upload/${ENTRY_ID}/progress`),
    );
    expect(
      (uploadCalls(api.calls)[0]?.body as { upload_config: unknown }).upload_config,
    ).toMatchObject({
      thumbnail: { source: 'image', image_uuid: image.image_uuid },
    });
  });

  it("shows the server's refusal, under its field when it is one of the form's", async () => {
    serve({
      [TARGET]: { body: target() },
      [CALLS.visualizer.key]: sequence2(
        failure(400, 'InvalidUploadConfig', 'YouTube does not allow < or > in a description.'),
        failure(404, 'NotFound', 'No channel with this id is linked to your account.'),
      ),
    });
    const { router } = renderApp({ session: signedInSession(null), path: PATH });
    const form = await openForm();
    publish(form);
    expect(
      await within(form).findByText('YouTube does not allow < or > in a description.'),
    ).toBeTruthy();
    publish(form);
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'No channel with this id is linked to your account.',
    );
    expect(router.state.location.pathname).toBe(PATH);
  });
});

/** Two answers in turn. */
function sequence2(first: ReturnType<typeof failure>, second: ReturnType<typeof failure>) {
  let calls = 0;
  return () => (calls++ === 0 ? first : second);
}

describe('what stands in the way of the form', () => {
  it('a single-frame video still rendering can be published, and says it uploads when ready', async () => {
    const api = serve({
      [TARGET]: {
        body: target({
          kind: 'single-frame',
          state: 'rendering',
          ready: false,
          video_url: null,
          thumbnail_url: null,
        }),
      },
      [CALLS['single-frame'].key]: accepted,
      [STATUS]: { body: { entries: [statusOf(entry())] } },
    });
    const { router } = renderApp({ session: signedInSession(null), path: PATH });
    expect((await screen.findByTestId('publish-target-rendering')).textContent).toContain(
      'uploads to YouTube as soon as the render finishes',
    );
    publish(await openForm());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/media/upload/${ENTRY_ID}/progress`),
    );
    expect(uploadCalls(api.calls)).toHaveLength(1);
  });

  it('another kind still rendering cannot be published yet', async () => {
    serve({ [TARGET]: { body: target({ state: 'rendering', ready: false }) } });
    renderApp({ session: signedInSession(null), path: PATH });
    expect(await screen.findByTestId('publish-target-not-ready')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Publish to YouTube' })).toBeNull();
  });

  it('a failed video cannot be published', async () => {
    serve({ [TARGET]: { body: target({ state: 'failed', ready: false, video_url: null }) } });
    renderApp({ session: signedInSession(null), path: PATH });
    const failed = await screen.findByTestId('publish-target-failed');
    expect(
      within(failed).getByRole('link', { name: 'Back to the video' }).getAttribute('href'),
    ).toBe(`/media/visualizers/${TARGET_ID}`);
    expect(screen.queryByRole('form', { name: 'Publish to YouTube' })).toBeNull();
  });

  it('without a linked channel, leads to connecting one', async () => {
    serve({
      [TARGET]: { body: target() },
      [`GET ${YT}/get-authorized-channels`]: { body: { configured: true, channels: [] } },
    });
    renderApp({ session: signedInSession(null), path: PATH });
    expect(
      (await screen.findByRole('link', { name: 'Connect a YouTube channel' })).getAttribute('href'),
    ).toBe('/media/connected-accounts');
    expect(screen.queryByRole('form', { name: 'Publish to YouTube' })).toBeNull();
  });

  it('without YouTube access configured, explains it', async () => {
    serve({
      [TARGET]: { body: target() },
      [`GET ${YT}/get-authorized-channels`]: { body: { configured: false, channels: [] } },
    });
    renderApp({ session: signedInSession(null), path: PATH });
    expect((await screen.findByTestId('youtube-not-configured')).textContent).toContain(
      'Ask its operator to set YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET.',
    );
  });

  it('an unknown video: not found, with the ways back', async () => {
    serve({ [TARGET]: failure(404, 'NotFound', 'We could not find this video.') });
    renderApp({ session: signedInSession(null), path: PATH });
    const notFound = await screen.findByTestId('publish-target-not-found');
    expect(within(notFound).getByRole('link', { name: 'My Media' }).getAttribute('href')).toBe(
      '/media',
    );
  });
});
