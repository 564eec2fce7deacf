// Release kits (/api/release-kits) against the real server on PGlite: the hook on
// the bar lines, the price and a refusal that stores nothing, a whole kit rendered to each
// platform's rules with one mail, its ZIP, the full video and the Short published to the local
// YouTube stand-in, a deleted part leaving the others, a failed part's credit given back, and
// another user's kit answering NotFound everywhere.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { KitHookResponse, ReleaseKit } from '../../core/render/kit-api-types';
import { creditLedger, releaseKits, renders } from '../../server/db/schema';
import type { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { startGoogleStandIn, type GoogleStandIn } from '../support/google-stand-in';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { topLevelAtoms } from '../support/mp4-atoms';
import { readOutbox } from '../support/outbox';
import {
  fetchBytes,
  imageOf,
  mailSubject,
  saveTo,
  signUp,
  trackOf,
} from '../support/renders-client';
import { waitForImage } from '../support/media-client';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';
import { linkChannel, waitForUpload } from '../support/youtube-client';
import { zipEntries } from '../support/zip-entries';

vi.setConfig({ testTimeout: 300_000 });

const KITS = '/api/release-kits';
/** A look without pictures of its own: the Canvas alone shows the artwork. */
const LOOK = { template: 'retro-scope', fps: 30, title: 'Night Drive', artist: 'The Tests' };

async function waitForKit(api: ApiClient, id: string): Promise<ReleaseKit> {
  let last = '';
  try {
    return await waitFor(
      `kit ${id} to finish`,
      async () => {
        const answer = await api.get(`${KITS}/${id}`);
        expect(answer.status).toBe(200);
        const kit = answer.body.kit as ReleaseKit;
        last = kit.parts.map((p) => `${p.output} ${p.status} ${p.percent_complete}%`).join(', ');
        return kit.status === 'IN-PROGRESS' ? undefined : kit;
      },
      240_000,
      250,
    );
  } catch (error) {
    // Where each part stood: a slow machine, or a part that never moved.
    throw new Error(`${(error as Error).message}; its parts: ${last}`);
  }
}

const partOf = (kit: ReleaseKit, output: string) => kit.parts.find((p) => p.output === output)!;

describe.each(embeddedBackend)('Release kits on $name', (backend) => {
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let server: InProcessServer;
  let standIn: GoogleStandIn;
  let probeDir: Awaited<ReturnType<typeof makeTempDir>>;

  beforeAll(async () => {
    standIn = await startGoogleStandIn();
    prepared = await backend.prepare();
    server = await startInProcessServer({
      ...prepared.env,
      ...standIn.env,
      STARTING_VIZ_CREDITS: '4',
      STARTING_CANVAS_CREDITS: '1',
      STARTING_CANVAS_CREDITS_FREE: '0',
      // One part at a time, in the kit's order: which part a test breaks is then certain.
      RENDER_SLOTS_PER_USER: '1',
    });
    probeDir = await makeTempDir('kit-probe');
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    await prepared?.remove();
    await probeDir?.remove();
  });

  const ledgerSum = async (userUuid: string, type: 'viz' | 'canvas') => {
    const rows = await server.context.db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.userUuid, userUuid), eq(creditLedger.creditType, type)));
    return rows.reduce((sum, row) => sum + row.delta, 0);
  };

  test('proposes the hook on the bar lines, moves it by whole bars, and checks what it is asked', async () => {
    const { api } = await signUp(server.url);
    const audio = await trackOf(api, 'audio/intro-30s.m4a');
    const answer = await api.get(`${KITS}/hook?audio_uuid=${audio}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const hook = answer.body as KitHookResponse;
    expect(hook.duration_seconds).toBeGreaterThan(29);
    expect(hook.bpm).toBeGreaterThan(40);
    expect(hook.peaks.length).toBeGreaterThan(100);
    expect(hook.bar_lines.length).toBeGreaterThan(4);
    expect([...hook.bar_lines].sort((a, b) => a - b)).toEqual(hook.bar_lines);
    expect(hook.hook).toEqual(hook.proposed);
    expect(hook.bar_lines).toContain(hook.hook.start_seconds);
    expect(hook.bar_lines).toContain(hook.hook.end_seconds);
    expect(hook.hook.end_seconds - hook.hook.start_seconds).toBeGreaterThanOrEqual(15 - 0.01);
    const bar = hook.bar_lines[1]! - hook.bar_lines[0]!;
    expect(hook.fade_seconds).toBeGreaterThanOrEqual(0.4);
    expect(hook.fade_seconds).toBeLessThanOrEqual(bar);

    // A shorter hook asked: the whole bars nearest 15 s.
    const shorter = await api.get(`${KITS}/hook?audio_uuid=${audio}&seconds=15`);
    const { start_seconds: start, end_seconds: end, bars } = shorter.body.hook;
    expect(Math.abs(end - start - 15)).toBeLessThanOrEqual(bar / 2 + 0.01);
    expect(hook.bar_lines).toContain(start);
    // Moved a bar later (a start a little past the next bar line snaps to it), same length.
    const next = hook.bar_lines[hook.bar_lines.indexOf(start) + 1]!;
    const moved = await api.get(
      `${KITS}/hook?audio_uuid=${audio}&seconds=15&start_seconds=${next + 0.1}`,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.hook.start_seconds).toBe(next);
    expect(moved.body.hook.bars).toBe(bars);
    expect(moved.body.proposed).toEqual(shorter.body.proposed);
    expect(hook.bar_lines).toContain(moved.body.hook.end_seconds);

    for (const [query, status] of [
      [`audio_uuid=${audio}&start_seconds=999`, 400],
      [`audio_uuid=${audio}&seconds=90`, 400],
      ['audio_uuid=nope', 400],
      [`audio_uuid=${crypto.randomUUID()}`, 404],
    ] as const) {
      const bad = await api.get(`${KITS}/hook?${query}`);
      expect(bad.status, query).toBe(status);
      expect(bad.body.message).toBeTruthy();
    }
    // Another user's track is no track at all.
    const stranger = await signUp(server.url);
    expect((await stranger.api.get(`${KITS}/hook?audio_uuid=${audio}`)).status).toBe(404);
  });

  test('shows the price, and refuses a kit the credits do not cover before storing anything', async () => {
    const owner = await signUp(server.url);
    const { api } = owner;
    const price = await api.get(`${KITS}/price`);
    expect(price.status).toBe(200);
    expect(price.body).toMatchObject({
      outputs: ['full', 'vertical', 'feed', 'canvas', 'thumbnail'],
      total: { viz: 3, canvas: 1 },
      discount_viz: 0,
      balance: { viz: 4, canvas: 1 },
      enough: true,
    });
    const some = await api.get(`${KITS}/price?outputs=vertical,feed`);
    expect(some.body).toMatchObject({ total: { viz: 2, canvas: 0 }, enough: true });
    expect((await api.get(`${KITS}/price?outputs=poster`)).status).toBe(400);

    // Spend two credits: 2 visualizer credits left, the whole kit needs 3.
    const audio = await trackOf(api);
    const first = await api.post(KITS, {
      audio_uuid: audio,
      configuration: LOOK,
      outputs: ['vertical', 'feed'],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await api.get(`${KITS}/price`)).body).toMatchObject({
      balance: { viz: 2, canvas: 1 },
      enough: false,
    });
    const kitsBefore = await server.context.db.select().from(releaseKits);
    const rendersBefore = await server.context.db.select().from(renders);
    const refused = await api.post(KITS, { audio_uuid: audio, configuration: LOOK });
    expect(refused.status).toBe(402);
    expect(refused.body.exc).toBe('NoCreditsRemaining');
    expect(refused.body.message).toBe(
      'This kit needs 3 visualizer credits and 1 Canvas credit, and you have 2 visualizer credits and 1 Canvas credit. Choose fewer outputs, or upgrade your plan for more credits.',
    );
    expect(await server.context.db.select().from(releaseKits)).toHaveLength(kitsBefore.length);
    expect(await server.context.db.select().from(renders)).toHaveLength(rendersBefore.length);
    expect(await ledgerSum(owner.userUuid, 'viz')).toBe(2);
    expect(await ledgerSum(owner.userUuid, 'canvas')).toBe(1);

    // Bad requests are 400s that name the problem.
    for (const body of [
      { audio_uuid: audio, configuration: LOOK, outputs: ['thumbnail'] },
      { audio_uuid: audio, configuration: LOOK, outputs: [] },
      { audio_uuid: audio, configuration: LOOK, hook_seconds: 5 },
      { audio_uuid: audio, configuration: { ...LOOK, template: 'no-such' } },
      { audio_uuid: audio, configuration: LOOK, feed: '16:9' },
    ]) {
      const bad = await api.post(KITS, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.message).toBeTruthy();
    }
    // The first kit's clips are not under test here: deleting them stops their renders.
    for (const part of (first.body.kit as ReleaseKit).parts) {
      const gone = await api.delete('/api/visualizers/delete-visualizer', {
        upload_uuid: part.render_uuid,
      });
      expect(gone.status).toBe(200);
    }
  });

  test('starts from what the library knows of a tagged track: its title, artist and cover', async () => {
    const { api } = await signUp(server.url);
    const audio = await trackOf(api, 'audio/intro-30s-tagged.mp3');
    // What the creator reads of the track: its tags, and its embedded cover kept as album art.
    const track = (await api.get('/api/audio/get-user-audios')).body.audios.find(
      (a: { audio_uuid: string }) => a.audio_uuid === audio,
    );
    expect(track).toMatchObject({ title: 'Intro (excerpt)', artists: 'Frozen Bubble' });
    const cover = track.artwork_image_uuid as string;
    expect(await waitForImage(api, cover)).toMatchObject({
      status: 'COMPLETE',
      image: { image_type: 'album_art' },
    });
    const partsOf = (kitId: string) =>
      server.context.db.select().from(renders).where(eq(renders.kitId, kitId));

    // Asked without a title, an artist or a cover, the kit takes the track's.
    const tagged = await api.post(KITS, {
      audio_uuid: audio,
      configuration: { template: 'retro-scope', fps: 30 },
      outputs: ['canvas'],
    });
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(201);
    const kit = tagged.body.kit as ReleaseKit;
    expect([kit.title, kit.artist, kit.parts[0]!.file_name]).toEqual([
      'Intro (excerpt)',
      'Frozen Bubble',
      'intro-excerpt-canvas.mp4',
    ]);
    const [canvas] = await partsOf(kit.kit_uuid);
    expect(canvas!.template).toBe('slow-zoom');
    expect(canvas!.imageIds).toMatchObject({ album_art: cover });

    // What the user changed stays: another title, no artist, no cover.
    const edited = await api.post(KITS, {
      audio_uuid: audio,
      configuration: { ...LOOK, artist: '', album_art_image_uuid: null },
      outputs: ['vertical'],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(201);
    expect(edited.body.kit).toMatchObject({ title: 'Night Drive', artist: '' });
    const [clip] = await partsOf(edited.body.kit.kit_uuid as string);
    expect(clip!.settings).toMatchObject({ title: 'Night Drive', artist: '' });

    // The parts are not under test here: deleting them stops their renders.
    expect((await api.delete('/api/canvas-videos/delete', { videoId: canvas!.id })).status).toBe(
      200,
    );
    expect(
      (await api.delete('/api/visualizers/delete-visualizer', { upload_uuid: clip!.id })).status,
    ).toBe(200);
  });

  test('makes a whole kit to each platform’s rules, zips it, publishes the video and the Short; a deleted part leaves the others', async () => {
    const owner = await signUp(server.url);
    const { api } = owner;
    const [audio, art] = await Promise.all([trackOf(api), imageOf(api)]);
    const created = await api.post(KITS, {
      audio_uuid: audio,
      configuration: { ...LOOK, album_art_image_uuid: art },
      feed: '1:1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = created.body.kit as ReleaseKit;
    expect(started.status).toBe('IN-PROGRESS');
    expect(started.parts.map((p) => [p.output, p.width, p.height])).toEqual([
      ['full', 1920, 1080],
      ['vertical', 1080, 1920],
      ['feed', 1080, 1080],
      ['canvas', 1080, 1920],
      ['thumbnail', 1280, 720],
    ]);
    expect(await ledgerSum(owner.userUuid, 'viz')).toBe(1);
    expect(await ledgerSum(owner.userUuid, 'canvas')).toBe(0);
    const id = started.kit_uuid;
    expect((await api.get(KITS)).body.kits.map((k: ReleaseKit) => k.kit_uuid)).toEqual([id]);

    const kit = await waitForKit(api, id);
    expect(kit.status, JSON.stringify(kit.parts)).toBe('COMPLETE');
    expect(kit.percent_complete).toBe(100);
    const { hook } = kit;
    const vertical = partOf(kit, 'vertical');
    const feed = partOf(kit, 'feed');
    const canvas = partOf(kit, 'canvas');
    // The hook clips are the hook's seconds; the Canvas starts there and ends within it.
    for (const clip of [vertical, feed]) {
      expect([clip.audio_start_seconds, clip.audio_end_seconds]).toEqual([
        hook.start_seconds,
        hook.end_seconds,
      ]);
    }
    expect(canvas.audio_start_seconds).toBe(hook.start_seconds);
    expect(canvas.audio_end_seconds).toBeLessThanOrEqual(hook.end_seconds + 0.001);

    const probeOf = async (output: string) => {
      const part = partOf(kit, output);
      const file = await fetchBytes(api, part.file_url!);
      expect(file.status).toBe(200);
      const saved = await saveTo(probeDir.dir, part.file_name, file.bytes);
      const names = await topLevelAtoms(saved);
      // Fast start: the index before the media, so platforms can play it while it loads.
      expect(names.indexOf('moov')).toBeLessThan(names.indexOf('mdat'));
      const probe = await server.context.ffmpeg.probe(saved);
      const video = probe.streams.find((s) => s.codec_type === 'video')!;
      const sound = probe.streams.find((s) => s.codec_type === 'audio');
      return { part, video, sound, seconds: Number(probe.format.duration), bytes: file.bytes };
    };
    for (const output of ['full', 'vertical', 'feed', 'canvas']) {
      const { part, video, sound, seconds } = await probeOf(output);
      expect([video.codec_name, video.width, video.height, video.pix_fmt], output).toEqual([
        'h264',
        part.width,
        part.height,
        'yuv420p',
      ]);
      expect(Math.abs(seconds - part.seconds), output).toBeLessThan(0.15);
      if (output === 'canvas') expect(sound, 'a Canvas is silent').toBeUndefined();
      else expect(sound?.codec_name, output).toBe('aac');
      // Its picture before it plays: its render's thumbnail, in its own shape.
      const poster = await fetchBytes(api, part.poster_url!);
      expect(poster.status, output).toBe(200);
      const posterPicture = await sharp(poster.bytes).metadata();
      expect(posterPicture.format, output).toBe('jpeg');
      expect(Math.sign(posterPicture.width! - posterPicture.height!), output).toBe(
        Math.sign(part.width - part.height),
      );
    }
    expect(partOf(kit, 'thumbnail').poster_url).toBeNull();
    const thumbnail = await fetchBytes(api, partOf(kit, 'thumbnail').download_url!);
    expect(thumbnail.headers.get('content-disposition')).toContain('night-drive-thumbnail.jpg');
    const picture = await sharp(thumbnail.bytes).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['jpeg', 1280, 720]);
    expect(thumbnail.bytes.length).toBeLessThanOrEqual(2 * 1024 * 1024);

    // One mail for the whole kit, none per part. The mail is a job of its own, so it may land a
    // moment after the kit reads COMPLETE.
    const kitMails = async () =>
      (await readOutbox(server.dataDir, owner.email))
        .map((mail) => mailSubject(mail.raw))
        .filter((s) => s.includes('Night Drive'));
    await waitFor('the kit mail', async () => ((await kitMails()).length > 0 ? true : undefined));
    expect(await kitMails()).toEqual(['Your release kit is ready: Night Drive']);

    // The ZIP holds every file as it is, and kit.json.
    const zip = await fetchBytes(api, kit.zip_url!);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toContain('night-drive-release-kit.zip');
    const entries = zipEntries(zip.bytes);
    expect(entries.map((e) => e.name)).toEqual([...kit.parts.map((p) => p.file_name), 'kit.json']);
    const full = await fetchBytes(api, partOf(kit, 'full').file_url!);
    expect(entries[0]!.bytes!.equals(full.bytes)).toBe(true);
    const manifest = JSON.parse(entries.at(-1)!.bytes!.toString('utf8'));
    expect(manifest.hook).toMatchObject({ startSeconds: hook.start_seconds, bars: hook.bars });
    expect(manifest.files).toHaveLength(5);

    // Publish: the full video with the kit's thumbnail, the vertical hook as a Short.
    expect((await linkChannel(standIn, api)).status).toBe(200);
    const channel = (await api.get('/api/accounts/yt/get-authorized-channels')).body.channels[0];
    const published = await api.post(`${KITS}/${id}/publish`, {
      channel_id: channel.channel_id,
      privacy: 'unlisted',
      title: 'Night Drive',
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const [videoEntry, shortEntry] = published.body.uploads;
    expect(videoEntry.target_uuid).toBe(partOf(kit, 'full').render_uuid);
    expect(shortEntry.target_uuid).toBe(vertical.render_uuid);
    const videoDone = await waitForUpload(api, videoEntry.entry_uuid);
    const shortDone = await waitForUpload(api, shortEntry.entry_uuid);
    expect(videoDone.last.entry.yt_upload_status).toBe('SUCCESS');
    expect(shortDone.last.entry.yt_upload_status).toBe('SUCCESS');
    const onYoutube = standIn.videos.get(videoDone.last.entry.youtube_video_id)!;
    expect(onYoutube.snippet.title).toBe('Night Drive');
    expect(onYoutube.thumbnail!.bytes.equals(thumbnail.bytes)).toBe(true);
    const short = standIn.videos.get(shortDone.last.entry.youtube_video_id)!;
    expect(short.snippet.title).toBe('Night Drive #Shorts');
    expect(short.thumbnail).toBeNull();

    // Another user's kit is NotFound in every call, and nothing of it changes.
    const stranger = await signUp(server.url);
    for (const [method, path] of [
      ['get', `${KITS}/${id}`],
      ['get', `${KITS}/${id}/zip`],
      ['get', `${KITS}/${id}/files/full`],
      ['post', `${KITS}/${id}/publish`],
    ] as const) {
      const answer =
        method === 'get'
          ? await stranger.api.get(path)
          : await stranger.api.post(path, { channel_id: 'x', privacy: 'public', title: 'Mine' });
      expect(answer.status, path).toBe(404);
    }
    expect((await stranger.api.get(KITS)).body.kits).toEqual([]);

    // Deleting the vertical video from the library leaves the other parts.
    const deleted = await api.delete('/api/visualizers/delete-visualizer', {
      upload_uuid: vertical.render_uuid,
    });
    expect(deleted.status).toBe(200);
    const after = (await api.get(`${KITS}/${id}`)).body.kit as ReleaseKit;
    expect(after.parts.map((p) => [p.output, p.status])).toEqual([
      ['full', 'COMPLETE'],
      ['vertical', 'DELETED'],
      ['feed', 'COMPLETE'],
      ['canvas', 'COMPLETE'],
      ['thumbnail', 'COMPLETE'],
    ]);
    expect(after.status).toBe('COMPLETE');
    const rezipped = zipEntries((await fetchBytes(api, after.zip_url!)).bytes);
    expect(rezipped.map((e) => e.name)).not.toContain(vertical.file_name);
    expect(rezipped).toHaveLength(5);
    expect((await fetchBytes(api, feed.file_url!)).status).toBe(200);
  });

  test('a part that fails gives its credit back; the others finish, and one mail says so; lyrics on the clip, not the Canvas', async () => {
    const owner = await signUp(server.url);
    const { api } = owner;
    const [audio, art] = await Promise.all([trackOf(api), imageOf(api)]);
    // With the track's lyrics: the feed clip draws them, the Canvas never does.
    const lines = [
      { text: 'Lost in the art', startSeconds: 1, endSeconds: null, words: null, section: 0 },
    ];
    await api.post('/api/audio/audio-lyrics-update', {
      audioId: audio,
      lyrics: { lines, language: 'en' },
      baseRevision: 0,
    });
    const created = await api.post(KITS, {
      audio_uuid: audio,
      configuration: {
        ...LOOK,
        title: 'Lost Art',
        album_art_image_uuid: art,
        lyrics_style: 'captions',
      },
      outputs: ['feed', 'canvas'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const parts = await server.context.db
      .select()
      .from(renders)
      .where(eq(renders.kitId, created.body.kit.kit_uuid as string));
    const lyricsOf = (output: string) =>
      (parts.find((part) => part.kitOutput === output)!.settings as { lyrics?: unknown }).lyrics;
    expect(lyricsOf('feed')).toEqual({ lines, style: 'captions', language: 'en' });
    expect(lyricsOf('canvas')).toBeUndefined();
    // The Canvas (second in line) is the only part that shows the artwork: take it away.
    expect(
      (await api.delete('/api/user-workspace/delete-user-image', { image_uuid: art })).status,
    ).toBe(200);
    const kit = await waitForKit(api, created.body.kit.kit_uuid as string);
    expect(kit.parts.map((p) => [p.output, p.status])).toEqual([
      ['feed', 'COMPLETE'],
      ['canvas', 'FAILED'],
    ]);
    expect(kit.status).toBe('FAILED');
    expect(partOf(kit, 'canvas').error).toMatch(/album art picture of this video was deleted/);
    // The feed clip's credit is spent; the Canvas's came back.
    expect(await ledgerSum(owner.userUuid, 'viz')).toBe(3);
    expect(await ledgerSum(owner.userUuid, 'canvas')).toBe(1);
    const mail = await waitFor('the kit mail', async () =>
      (await readOutbox(server.dataDir, owner.email)).find((m) =>
        mailSubject(m.raw).includes('Lost Art'),
      ),
    );
    expect(mailSubject(mail.raw)).toBe('Your release kit is done, but one part failed: Lost Art');
    expect(kit.zip_url).not.toBeNull();
    expect(zipEntries((await fetchBytes(api, kit.zip_url!)).bytes).map((e) => e.name)).toEqual([
      partOf(kit, 'feed').file_name,
      'kit.json',
    ]);
  });
});
