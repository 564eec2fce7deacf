// Publishing a lyric video (issue 27) against the real server and the Google stand-in: the lyrics
// the video shows go to YouTube as a caption track (SubRip through captions.insert, in the
// language the user picks) and, when asked, after the description. Adding captions needs
// YouTube's manage permission, asked for once (purpose 'captions'); a video without lyrics, a
// description the lyrics make too long and a malformed language are refused before anything is
// queued.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Lyrics } from '../../core/lyrics/lyrics';
import type { ApiClient } from '../support/api-client';
import { startGoogleStandIn, type GoogleStandIn } from '../support/google-stand-in';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import {
  createRender,
  renderIdOf,
  signUp,
  trackOf,
  waitForRender,
} from '../support/renders-client';
import { linkChannel, waitForUpload } from '../support/youtube-client';

vi.setConfig({ testTimeout: 180_000 });

const line = (text: string, startSeconds: number, section = 0) => ({
  text,
  startSeconds,
  endSeconds: null,
  words: null,
  section,
});

const LYRICS: Lyrics = {
  language: 'ja',
  lines: [
    line('夜のドライブ', 1.5),
    line('朝まで走る', 4.25),
    line('Night drive, night drive', 6, 1),
  ],
};

const look = { template: 'mirrored-bars', width: 1080, height: 1080, fps: 30 };

describe('Lyrics published with the video', () => {
  let standIn: GoogleStandIn;
  let server: InProcessServer;

  beforeAll(async () => {
    standIn = await startGoogleStandIn();
    server = await startInProcessServer({ ...standIn.env });
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  const publish = (api: ApiClient, id: string, channelId: string, extra: object = {}) =>
    api.post('/api/visualizers/upload-video-yt', {
      upload_uuid: id,
      channel_id: channelId,
      upload_config: {
        title: 'Night Drive',
        description: 'From the album Lumen.',
        privacy: 'unlisted',
        made_for_kids: false,
        ...extra,
      },
    });

  test('a caption track in the chosen language and the lyrics in the description; refused when they cannot be', async () => {
    const { api } = await signUp(server.url);
    const audioId = await trackOf(api);
    const first = await createRender(api, 'visualizer', audioId, look);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const plain = renderIdOf(first.body);
    const saved = await api.post('/api/audio/audio-lyrics-update', {
      audioId,
      lyrics: LYRICS,
      baseRevision: 0,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const created = await createRender(api, 'visualizer', audioId, {
      ...look,
      lyrics_style: 'captions',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = renderIdOf(created.body);
    expect((await waitForRender(api, 'visualizer', id)).last.status).toBe('COMPLETE');
    expect((await waitForRender(api, 'visualizer', plain)).last.status).toBe('COMPLETE');

    // The publish form learns what the video shows, and the language to start from.
    const target = await api.get(`/api/accounts/yt/publish-target/${id}`);
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    expect(target.body.lyrics).toEqual({ lines: 3, language: 'ja' });
    expect((await api.get(`/api/accounts/yt/publish-target/${plain}`)).body.lyrics).toBeNull();

    // A channel linked as usual cannot take captions yet.
    const linked = await linkChannel(standIn, api);
    expect(linked.status).toBe(200);
    const channel = linked.body.channel;
    expect([channel.can_add_captions, channel.can_subscribe]).toEqual([false, false]);
    const captions = { lyrics: { captions_language: 'ja', in_description: true } };
    const notAllowed = await publish(api, id, channel.channel_id, captions);
    expect(notAllowed.status).toBe(409);
    expect(notAllowed.body).toMatchObject({
      exc: 'CaptionsNotAllowed',
      message: `Allow Waveframe to add captions on ${channel.channel_title} first: YouTube asks once.`,
    });

    // Allowing captions asks Google for the manage permission, for the same channel.
    const allowed = await linkChannel(standIn, api, { purpose: 'captions' });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.purpose).toBe('captions');
    expect(allowed.body.channel.can_add_captions).toBe(true);

    // Refused before anything is queued: no lyrics, a bad language, a description too long.
    const noLyrics = await publish(api, plain, channel.channel_id, captions);
    expect([noLyrics.status, noLyrics.body.exc, noLyrics.body.message]).toEqual([
      409,
      'NoLyrics',
      'This video shows no lyrics to publish.',
    ]);
    const badLanguage = await publish(api, id, channel.channel_id, {
      lyrics: { captions_language: 'Japanese!', in_description: false },
    });
    expect([badLanguage.status, badLanguage.body.message]).toEqual([
      400,
      'Choose the language of the lyrics for the captions.',
    ]);
    const tooLong = await publish(api, id, channel.channel_id, {
      ...captions,
      description: 'x'.repeat(4990),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(
      /^With the lyrics, the description is \d+ bytes long; YouTube takes up to 5000\./,
    );
    expect(standIn.videos.size).toBe(0);

    const started = await publish(api, id, channel.channel_id, captions);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { last } = await waitForUpload(api, started.body.entry_uuid);
    expect(last.entry).toMatchObject({ yt_upload_status: 'SUCCESS', captions_result: 'SET' });
    const video = standIn.videos.get(last.entry.youtube_video_id)!;
    expect(video.snippet.description).toBe(
      'From the album Lumen.\n\n夜のドライブ\n朝まで走る\n\nNight drive, night drive',
    );
    expect(video.captions.map((c) => [c.language, c.name, c.contentType])).toEqual([
      ['ja', 'Lyrics', 'application/x-subrip'],
    ]);
    // Each cue lasts while the video shows its line: until the next one starts, the last one
    // until the video ends (8 s would run past the 8-second track).
    const endMs = Math.round(target.body.duration_seconds * 1000);
    expect(endMs).toBeLessThan(14_000);
    expect(video.captions[0]!.text).toBe(
      [
        '1\n00:00:01,500 --> 00:00:04,250\n夜のドライブ\n',
        '2\n00:00:04,250 --> 00:00:06,000\n朝まで走る\n',
        `3\n00:00:06,000 --> 00:00:0${Math.floor(endMs / 1000)},${String(endMs % 1000).padStart(3, '0')}\nNight drive, night drive\n`,
      ].join('\n'),
    );
  });
});
