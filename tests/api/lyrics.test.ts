// A track's lyrics (/api/audio/*lyrics*) against the real server on PGlite: saved
// and read back, the last edit winning with the version it replaced kept as the conflict, the
// conflict resolved either way, bad lines refused by number, another user's track NotFound, and
// the lyrics gone with their track.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { TrackLyrics } from '../../core/lyrics/api-types';
import type { Lyrics } from '../../core/lyrics/lyrics';
import { eq } from 'drizzle-orm';
import { presetDesign } from '../../core/particles/presets';
import { audioLyrics, renders } from '../../server/db/schema';
import type { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import {
  createRender,
  renderIdOf,
  signUp,
  trackOf,
  waitForRender,
} from '../support/renders-client';

vi.setConfig({ testTimeout: 180_000 });

const line = (text: string, startSeconds: number | null, section = 0) => ({
  text,
  startSeconds,
  endSeconds: null,
  words: null,
  section,
});

const FIRST: Lyrics = {
  language: 'en',
  lines: [line('Headlights on the water', 1.5), line('We drive until the morning', 4.25)],
};
const ON_LAPTOP: Lyrics = {
  language: 'en',
  lines: [...FIRST.lines, line('Night drive, night drive', 8, 1)],
};
const ON_PHONE: Lyrics = {
  language: 'en',
  lines: [line('Headlights on the river', 1.5), line('We drive until the morning', 4.25)],
};

const save = (api: ApiClient, audioId: string, lyrics: Lyrics, baseRevision: number) =>
  api.post('/api/audio/audio-lyrics-update', { audioId, lyrics, baseRevision });

describe.each(embeddedBackend)('Lyrics on $name', (backend) => {
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let server: InProcessServer;

  beforeAll(async () => {
    prepared = await backend.prepare();
    server = await startInProcessServer(prepared.env);
  });
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
  });

  test('saved and read back; an edit from an older revision wins and keeps the one it replaced', async () => {
    const { api } = await signUp(server.url);
    const audioId = await trackOf(api);
    expect((await api.post('/api/audio/get-audio-lyrics', { audioId })).body).toEqual({
      lyrics: null,
    });

    const first = await save(api, audioId, FIRST, 0);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.lyrics).toMatchObject({
      audioId,
      lyrics: FIRST,
      revision: 1,
      conflict: null,
    });

    // The laptop saves from revision 1: a plain save.
    const laptop = await save(api, audioId, ON_LAPTOP, 1);
    expect(laptop.body.lyrics).toMatchObject({ revision: 2, lyrics: ON_LAPTOP, conflict: null });
    // The phone edited offline from revision 1 too, and syncs now: it wins, the laptop's is kept.
    const phone = await save(api, audioId, ON_PHONE, 1);
    const saved = phone.body.lyrics as TrackLyrics;
    expect(saved).toMatchObject({ revision: 3, lyrics: ON_PHONE });
    expect(saved.conflict?.lyrics).toEqual(ON_LAPTOP);
    expect((await api.post('/api/audio/get-audio-lyrics', { audioId })).body.lyrics).toEqual(saved);

    // The user brings the laptop's version back; the conflict is gone.
    const resolved = await api.post('/api/audio/audio-lyrics-resolve', {
      audioId,
      keep: 'replaced',
    });
    expect(resolved.body.lyrics).toMatchObject({ revision: 4, lyrics: ON_LAPTOP, conflict: null });
    const again = await api.post('/api/audio/audio-lyrics-resolve', { audioId, keep: 'saved' });
    expect(again.status).toBe(409);
    expect(again.body.exc).toBe('NoLyricsConflict');

    // A revision the server never had is refused.
    const ahead = await save(api, audioId, FIRST, 9);
    expect(ahead.status).toBe(409);
    expect(ahead.body.exc).toBe('LyricsRevisionUnknown');
  });

  test('bad lines are refused by number and change nothing', async () => {
    const { api } = await signUp(server.url);
    const audioId = await trackOf(api);
    await save(api, audioId, FIRST, 0);
    for (const [lines, message] of [
      [[line('one', 5), line('two', 2)], 'Line 2 starts before the line above it'],
      [[{ ...line('one', 5), endSeconds: 4 }], 'Line 1 ends before it starts'],
      [
        [{ ...line('one', 5), words: [{ text: 'one', startSeconds: 1, endSeconds: null }] }],
        'Line 1 has a word out of its order or outside the line',
      ],
      [[line('x'.repeat(301), 1)], 'A line can be up to 300 characters long'],
    ] as const) {
      const bad = await save(api, audioId, { language: null, lines: [...lines] } as Lyrics, 1);
      expect(bad.status, message).toBe(400);
      expect(bad.body.message).toContain(message);
    }
    expect((await save(api, audioId, { ...FIRST, language: 'not a tag!' }, 1)).status).toBe(400);
    const kept = (await api.post('/api/audio/get-audio-lyrics', { audioId })).body.lyrics;
    expect(kept).toMatchObject({ revision: 1, lyrics: FIRST });
  });

  test('another user’s track is NotFound in every call; lyrics go with their track', async () => {
    const owner = await signUp(server.url);
    const audioId = await trackOf(owner.api);
    await save(owner.api, audioId, FIRST, 0);
    const stranger = await signUp(server.url);
    for (const [path, body] of [
      ['/api/audio/get-audio-lyrics', { audioId }],
      ['/api/audio/audio-lyrics-update', { audioId, lyrics: ON_PHONE, baseRevision: 1 }],
      ['/api/audio/audio-lyrics-resolve', { audioId, keep: 'saved' }],
    ] as const) {
      expect((await stranger.api.post(path, body)).status, path).toBe(404);
    }
    expect((await stranger.api.delete('/api/audio/delete-audio-lyrics', { audioId })).status).toBe(
      404,
    );
    expect(
      (await owner.api.post('/api/audio/get-audio-lyrics', { audioId })).body.lyrics,
    ).toMatchObject({ revision: 1, lyrics: FIRST });

    expect((await owner.api.delete('/api/audio/delete-audio', { audioId })).status).toBe(200);
    const rows = await server.context.db.select().from(audioLyrics);
    expect(rows.filter((row) => row.audioUuid === audioId)).toEqual([]);
  });

  test('removed on their own', async () => {
    const { api } = await signUp(server.url);
    const audioId = await trackOf(api);
    await save(api, audioId, FIRST, 0);
    expect((await api.delete('/api/audio/delete-audio-lyrics', { audioId })).body).toEqual({
      deleted: true,
    });
    expect((await api.post('/api/audio/get-audio-lyrics', { audioId })).body.lyrics).toBeNull();
  });

  test('a lyric visualizer copies the track’s timed lines; a track without them is refused', async () => {
    const { api } = await signUp(server.url);
    const audioId = await trackOf(api);
    const look = { template: 'mirrored-bars', width: 1080, height: 1080, fps: 30 };
    const refused = await createRender(api, 'visualizer', audioId, {
      ...look,
      lyrics_style: 'karaoke',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      exc: 'NoLyrics',
      message: 'This track has no timed lyrics yet: time them on its Lyrics page, then render.',
    });
    // The particle render takes the style too.
    const particles = await api.post('/api/elements/init-particle-system-render', {
      audio_uuid: audioId,
      design: presetDesign('snow'),
      size: '1:1',
      fps: 30,
      lyrics_style: 'sheet',
    });
    expect(particles.status, JSON.stringify(particles.body)).toBe(409);
    expect(particles.body.exc).toBe('NoLyrics');
    const badStyle = await createRender(api, 'visualizer', audioId, { ...look, lyrics_style: 'x' });
    expect(badStyle.status).toBe(400);

    // Two timed lines and one not tapped yet: the untimed one stays out of the video.
    await save(api, audioId, { language: 'en', lines: [...FIRST.lines, line('later', null)] }, 0);
    const created = await createRender(api, 'visualizer', audioId, {
      ...look,
      lyrics_style: 'karaoke',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = renderIdOf(created.body);
    expect(created.body.visualizer.configuration.lyrics_style).toBe('karaoke');
    const [row] = await server.context.db.select().from(renders).where(eq(renders.id, id));
    expect((row!.settings as { lyrics: unknown }).lyrics).toEqual({
      lines: FIRST.lines,
      style: 'karaoke',
      language: 'en',
    });
    // Later edits of the lyrics do not change the video already made.
    await save(api, audioId, ON_PHONE, 1);
    const { last } = await waitForRender(api, 'visualizer', id);
    expect(last.status).toBe('COMPLETE');
    const [after] = await server.context.db.select().from(renders).where(eq(renders.id, id));
    expect((after!.settings as { lyrics: { lines: unknown } }).lyrics.lines).toEqual(FIRST.lines);
  });
});
