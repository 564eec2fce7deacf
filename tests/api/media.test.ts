import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeAnalysis } from '../../core/audio-analysis/analysis-format';
import { eq } from 'drizzle-orm';
import { audios } from '../../server/db/schema';
import { audioKeys } from '../../server/repositories/audios.repository';
import { ApiClient } from '../support/api-client';
import { fixture, fixtureSha256 } from '../support/fixtures';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { waitFor } from '../support/wait-for';
import {
  tusUpload,
  uploadAudio,
  uploadImage,
  waitForAudio,
  waitForImage,
} from '../support/media-client';

let server: InProcessServer;
let address = 0;

async function signedIn(): Promise<ApiClient> {
  const api = new ApiClient(server.url, { 'x-forwarded-for': `192.0.2.${++address}` });
  await api.hail();
  const email = `media${Date.now()}${address}@example.com`;
  expect(
    (await api.post('/api/auth/sign-up', { email, password1: 'abcdef', password2: 'abcdef' }))
      .status,
  ).toBe(201);
  return api;
}

async function download(
  api: ApiClient,
  url: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(`${server.url}${url}`, {
    headers: { cookie: [...api.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A PNG whose header claims width x height pixels: what sharp reads before decoding. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

beforeAll(async () => {
  server = await startInProcessServer();
});
afterAll(() => server?.stop());

describe('images', () => {
  test.each([
    ['images/wood-4096.webp', 2048, 2048],
    ['images/truchet-1000.jpg', 1000, 1000],
    ['images/symbolic-512.png', 512, 512],
  ])(
    '%s becomes a WebP display copy (%ix%i) and a 400 px thumbnail',
    async (file, width, height) => {
      const api = await signedIn();
      const added = await uploadImage(api, fixture(file), { image_type: 'background' });
      expect(added.status).toBe(201);
      expect(added.body.image).toMatchObject({
        status: 'PENDING',
        image_type: 'background',
        favorite: false,
      });
      const done = await waitForImage(api, added.body.image.image_uuid);
      expect(done.status).toBe('COMPLETE');
      expect(done.image).toMatchObject({ width, height, mimetype: 'image/webp' });
      const display = await download(api, done.image.image_path);
      expect(display.type).toBe('image/webp');
      expect(await sharp(display.bytes).metadata()).toMatchObject({
        format: 'webp',
        width,
        height,
      });
      const thumb = await download(api, done.image.thumbnail_path);
      expect(await sharp(thumb.bytes).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
        height: 400,
      });
    },
  );

  test('rename, retype, favourite, list and delete', async () => {
    const api = await signedIn();
    const { body } = await uploadImage(api, fixture('images/truchet-1000.jpg'));
    const id = body.image.image_uuid;
    expect(body.image.image_name).toBe('truchet-1000');
    const changed = await api.put('/api/user-workspace/change-image-info', {
      image_uuid: id,
      new_image_name: 'Cover',
      new_image_type: 'logo',
    });
    expect(changed.body.image).toMatchObject({ image_name: 'Cover', image_type: 'logo' });
    expect(
      (await api.put('/api/user-workspace/toggle-image-favorite', { image_uuid: id })).body
        .favorite,
    ).toBe(true);
    expect(
      (await api.put('/api/user-workspace/toggle-image-favorite', { image_uuid: id })).body
        .favorite,
    ).toBe(false);
    const bad = await api.put('/api/user-workspace/change-image-info', {
      image_uuid: id,
      new_image_name: 'X',
      new_image_type: 'poster',
    });
    expect(bad.status).toBe(400);
    const list = await api.get('/api/user-workspace/get-user-images');
    expect(list.body.images.map((image: { image_uuid: string }) => image.image_uuid)).toEqual([id]);
    const batch = await api.post('/api/user-workspace/batch-compression-status', {
      image_uuids: [id],
    });
    expect(batch.body.statuses).toHaveLength(1);
    await waitForImage(api, id);
    expect(
      (await api.delete('/api/user-workspace/delete-user-image', { image_uuid: id })).status,
    ).toBe(200);
    expect((await api.get('/api/user-workspace/get-user-images')).body.images).toEqual([]);
    expect(
      (await api.post('/api/user-workspace/get-compression-status', { image_uuid: id })).status,
    ).toBe(404);
  });

  test('the same picture twice answers the existing image', async () => {
    const api = await signedIn();
    const first = await uploadImage(api, fixture('images/symbolic-512.png'));
    const second = await uploadImage(api, fixture('images/symbolic-512.png'), {
      image_name: 'again',
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      duplicate: true,
      image: { image_uuid: first.body.image.image_uuid },
    });
  });

  test.each([
    ['bad/html-named.jpg', 415, 'UnsupportedImage'],
    ['bad/text-named.mp3', 415, 'UnsupportedImage'],
    ['bad/empty.mp3', 415, 'UnsupportedImage'],
  ])('%s is refused with %i %s, and nothing is stored', async (file, status, exc) => {
    const api = await signedIn();
    const answer = await uploadImage(api, fixture(file));
    expect(answer.status).toBe(status);
    expect(answer.body.exc).toBe(exc);
    expect((await api.get('/api/user-workspace/get-user-images')).body.images).toEqual([]);
  });

  test('a picture whose header claims 400 megapixels is refused before decoding', async () => {
    const api = await signedIn();
    const bomb = `${server.dataDir}/bomb.png`;
    await writeFile(bomb, await pngClaiming(20_000, 20_000));
    const answer = await uploadImage(api, bomb);
    expect(answer.status).toBe(413);
    expect(answer.body.exc).toBe('ImageTooLarge');
  });

  test("another user's image answers 404 everywhere", async () => {
    const owner = await signedIn();
    const { body } = await uploadImage(owner, fixture('images/truchet-1000.jpg'));
    const done = await waitForImage(owner, body.image.image_uuid);
    const other = await signedIn();
    const id = body.image.image_uuid;
    expect(
      (await other.post('/api/user-workspace/get-compression-status', { image_uuid: id })).status,
    ).toBe(404);
    expect(
      (await other.put('/api/user-workspace/toggle-image-favorite', { image_uuid: id })).status,
    ).toBe(404);
    expect(
      (await other.delete('/api/user-workspace/delete-user-image', { image_uuid: id })).status,
    ).toBe(404);
    expect((await download(other, done.image.image_path)).status).toBe(404);
    expect(
      (await other.post('/api/user-workspace/batch-compression-status', { image_uuids: [id] })).body
        .statuses,
    ).toEqual([]);
  });
});

describe('audio', () => {
  test('the tagged MP3 is probed, tagged, gets its cover art, analysis and a playable copy', async () => {
    const api = await signedIn();
    const { final } = await uploadAudio(api, fixture('audio/intro-30s-tagged.mp3'));
    expect(final?.body.audio.core_processing_status).toBe('PROGRESSING');
    const status = await waitForAudio(api, final!.body.audio.audio_uuid);
    expect(status.core_processing_status).toBe('COMPLETE');
    const audio = status.audio;
    expect(audio).toMatchObject({
      title: 'Intro (excerpt)',
      artists: 'Frozen Bubble',
      album: 'Frozen Bubble OST',
      mimetype: 'audio/mpeg',
      marketplace_asset: false,
      marketplace_processing_status: null,
    });
    expect(audio.duration_seconds).toBeCloseTo(30, 0);
    expect(audio.artwork_image_uuid).toEqual(expect.any(String));
    const cover = await waitForImage(api, audio.artwork_image_uuid);
    expect(cover.image).toMatchObject({ image_type: 'album_art', width: 1000, height: 1000 });

    const analysis = decodeAnalysis(
      new Uint8Array((await download(api, audio.analysis_path)).bytes),
    );
    expect(analysis.frameCount).toBe(Math.ceil(analysis.summary.durationSeconds * 60));
    expect(analysis.summary.durationSeconds).toBeCloseTo(30, 0);
    expect(
      Math.max(...Array.from({ length: 100 }, (_, i) => analysis.rmsAt(i * 10))),
    ).toBeGreaterThan(0);

    const playable = await download(api, audio.playable_path);
    expect(playable.type).toBe('audio/mp4');
    const probeFile = `${server.dataDir}/playable.m4a`;
    await writeFile(probeFile, playable.bytes);
    const probe = await server.context.ffmpeg.probe(probeFile);
    expect(probe.streams[0]).toMatchObject({ codec_type: 'audio', codec_name: 'aac' });
  });

  test.each([
    ['audio/intro-30s.wav', 'audio/wav', 30],
    ['audio/intro-30s.flac', 'audio/flac', 30],
    ['audio/intro-30s.m4a', 'audio/mp4', 30],
    ['audio/introzik-full.ogg', 'audio/ogg', 195.5],
    ['audio/intro-8s-mono.mp3', 'audio/mpeg', 8],
  ])('%s reaches COMPLETE as %s of %f s', async (file, mimetype, seconds) => {
    const api = await signedIn();
    const { final } = await uploadAudio(api, fixture(file));
    const status = await waitForAudio(api, final!.body.audio.audio_uuid);
    expect(status.error).toBeNull();
    expect(status.audio).toMatchObject({ core_processing_status: 'COMPLETE', mimetype });
    expect(status.audio.duration_seconds).toBeCloseTo(seconds, 0);
  });

  test.each([
    ['bad/text-named.mp3', 'This file is not audio we can use'],
    ['bad/png-named.mp3', 'This file is not audio we can use'],
    // Only part of its ID3 tag: no audio frame at all.
    ['bad/truncated.mp3', 'This file is not audio we can use'],
    ['cut-off intro-30s-tagged.mp3', 'This audio file is incomplete: it stops after'],
  ])('%s ends FAILED with a reason; the server keeps serving', async (file, reason) => {
    const api = await signedIn();
    let path = fixture(file);
    if (file.startsWith('cut-off')) {
      // Cut after about half its audio, the MP3 still announces 30 s in its header.
      const whole = await readFile(fixture('audio/intro-30s-tagged.mp3'));
      path = `${server.dataDir}/cut-off.mp3`;
      await writeFile(path, whole.subarray(0, 450_000));
    }
    const { final } = await uploadAudio(api, path);
    const status = await waitForAudio(api, final!.body.audio.audio_uuid);
    expect(status.core_processing_status).toBe('FAILED');
    expect(status.error).toContain(reason);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  test('a catalogue track (marketplace_asset) also gets a 30-second preview clip', async () => {
    const api = await signedIn();
    const data = await readFile(fixture('audio/intro-30s.flac'));
    const draft = await api.post('/api/audio/add-audio-draft', {
      file_name: 'catalogue.flac',
      file_size: data.length,
      mimetype: 'audio/flac',
    });
    // Only the product team marks catalogue tracks; no call does it, so the test sets the flag.
    await server.context.db
      .update(audios)
      .set({ marketplaceAsset: true })
      .where(eq(audios.audioUuid, draft.body.audio_uuid));
    await tusUpload(api, draft.body.upload_url, data);
    await api.post('/api/audio/add-audio-finalize', { audio_uuid: draft.body.audio_uuid });
    expect((await waitForAudio(api, draft.body.audio_uuid)).core_processing_status).toBe(
      'COMPLETE',
    );
    const status = await waitFor('the preview', async () => {
      const answer = await api.post('/api/audio/get-processing-status', {
        audioIds: [draft.body.audio_uuid],
      });
      const current = answer.body.statuses[0];
      return current.marketplace_processing_status === 'PROGRESSING' ? undefined : current;
    });
    expect(status.marketplace_processing_status).toBe('COMPLETE');
    const preview = await download(api, `/api/audio/file/${draft.body.audio_uuid}/preview`);
    expect(preview.type).toBe('audio/mp4');
    const file = `${server.dataDir}/preview.m4a`;
    await writeFile(file, preview.bytes);
    const probe = await server.context.ffmpeg.probe(file);
    expect(probe.streams[0]?.codec_name).toBe('aac');
    // The fixture lasts 30 s, so the preview is the whole of it.
    expect(Number(probe.format.duration)).toBeCloseTo(30, 0);
  });

  test('an empty file is refused at the draft', async () => {
    const api = await signedIn();
    const draft = await api.post('/api/audio/add-audio-draft', {
      file_name: 'empty.mp3',
      file_size: 0,
      mimetype: 'audio/mpeg',
    });
    expect(draft.status).toBe(400);
    expect(draft.body.exc).toBe('InvalidData');
  });

  test('an upload cut off halfway resumes, and the stored file is byte for byte the original', async () => {
    const api = await signedIn();
    const data = await readFile(fixture('audio/intro-30s.wav'));
    const draft = await api.post('/api/audio/add-audio-draft', {
      file_name: 'intro-30s.wav',
      file_size: data.length,
      mimetype: 'audio/wav',
    });
    expect(
      await tusUpload(api, draft.body.upload_url, data, {
        stopAfter: data.length / 2,
        chunkSize: 512 * 1024,
      }),
    ).toBe('stopped');
    const early = await api.post('/api/audio/add-audio-finalize', {
      audio_uuid: draft.body.audio_uuid,
    });
    expect(early.status).toBe(409);
    expect(early.body.exc).toBe('UploadIncomplete');
    const received = (await server.context.uploads.progress(draft.body.audio_uuid))!.offset;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(data.length);
    expect(await tusUpload(api, draft.body.upload_url, data)).toBe('done');
    const final = await api.post('/api/audio/add-audio-finalize', {
      audio_uuid: draft.body.audio_uuid,
    });
    expect(final.status).toBe(200);
    const stored = await server.context.storage.get(
      audioKeys(await userOf(api), draft.body.audio_uuid).original,
    );
    const hash = createHash('sha256');
    for await (const chunk of stored) hash.update(chunk);
    expect(hash.digest('hex')).toBe(await fixtureSha256('audio/intro-30s.wav'));
  });

  test('a duplicate upload returns the existing track; a matching draft reuses it without uploading', async () => {
    const api = await signedIn();
    const first = await uploadAudio(api, fixture('audio/intro-8s-mono.mp3'));
    const original = first.final!.body.audio.audio_uuid;
    const again = await uploadAudio(api, fixture('audio/intro-8s-mono.mp3'), 'renamed copy.mp3');
    expect(again.final?.body).toMatchObject({ duplicate: true, audio: { audio_uuid: original } });
    const done = await waitForAudio(api, original);
    const size = (await readFile(fixture('audio/intro-8s-mono.mp3'))).length;
    const match = await api.post('/api/audio/add-audio-draft', {
      file_name: 'intro-8s-mono.mp3',
      file_size: size,
      mimetype: done.audio.mimetype,
      duration_seconds: done.audio.duration_seconds + 0.6,
    });
    expect(match.status).toBe(200);
    expect(match.body).toMatchObject({ existing: true, audio_uuid: original, upload_url: null });
    expect((await api.get('/api/audio/get-user-audios')).body.audios).toHaveLength(1);
  });

  test('metadata, artwork, abort and delete; another user sees 404', async () => {
    const api = await signedIn();
    const { final } = await uploadAudio(api, fixture('audio/intro-8s-mono.mp3'));
    const id = final!.body.audio.audio_uuid;
    await waitForAudio(api, id);
    const edited = await api.post('/api/audio/audio-metadata-update', {
      audioId: id,
      textTitle: 'Intro',
      textArtists: 'Me, You',
      textAlbum: 'Demo',
    });
    expect(edited.body.audio).toMatchObject({ title: 'Intro', artists: 'Me, You', album: 'Demo' });
    const image = await uploadImage(api, fixture('images/truchet-1000.jpg'));
    const art = await api.post('/api/audio/audio-artwork-update', {
      audioId: id,
      artworkId: image.body.image.image_uuid,
    });
    expect(art.body.audio.artwork_image_uuid).toBe(image.body.image.image_uuid);

    const other = await signedIn();
    expect(
      (
        await other.post('/api/audio/audio-metadata-update', {
          audioId: id,
          textTitle: 'x',
          textArtists: '',
          textAlbum: '',
        })
      ).status,
    ).toBe(404);
    expect((await other.delete('/api/audio/delete-audio', { audioId: id })).status).toBe(404);
    expect(
      (await other.post('/api/audio/get-processing-status', { audioIds: [id] })).body.statuses,
    ).toEqual([]);
    expect((await download(other, `/api/audio/file/${id}/playable`)).status).toBe(404);

    const draft = await api.post('/api/audio/add-audio-draft', {
      file_name: 'later.wav',
      file_size: 1000,
      mimetype: 'audio/wav',
    });
    expect(
      (await api.post('/api/audio/add-audio-abort', { audio_uuid: draft.body.audio_uuid })).status,
    ).toBe(200);
    expect(await server.context.uploads.progress(draft.body.audio_uuid)).toBeNull();

    expect((await api.delete('/api/audio/delete-audio', { audioId: id })).status).toBe(200);
    expect((await api.get('/api/audio/get-user-audios')).body.audios).toEqual([]);
  });
});

async function userOf(api: ApiClient): Promise<string> {
  return (await api.get('/api/auth/user')).body.user.user_uuid;
}
