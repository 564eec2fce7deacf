// The video library and loop extensions against the real server (spec 7: Videos, and
// create-video-loop-extension / loop-extension-task-status): clips through the one upload path,
// probed with a thumbnail; loops by length and by a track's length (its AAC copied); ownership;
// retention; bad clips ending FAILED with a reason while the server keeps serving.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { videos } from '../../server/db/schema';
import { videoKeys } from '../../server/repositories/videos.repository';
import { dailyJobId } from '../../server/services/daily-jobs';
import { applyRetention, scheduleRetention } from '../../server/services/media/videos.service';
import type { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { fixture } from '../support/fixtures';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { uploadVideo, waitForVideo } from '../support/media-client';
import { fetchBytes, saveTo, signUp, trackOf } from '../support/renders-client';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';
import { ffmpegOutput, testFfmpeg } from '../render/media-compare';

vi.setConfig({ testTimeout: 180_000 });

type Body = Record<string, unknown>;
let clipBytes: Buffer;
let webmBytes: Buffer;
/** An MP4 whose video track holds no frames at all (a 0-second clip). */
let emptyBytes: Buffer;
let dir: Awaited<ReturnType<typeof makeTempDir>>;

beforeAll(async () => {
  dir = await makeTempDir('videos-api');
  const ffmpeg = await testFfmpeg();
  const make = async (name: string, args: string[]) => {
    const file = path.join(dir.dir, name);
    await ffmpegOutput(ffmpeg, [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30', '-t', '2'],
      ...args,
      ...['-y', file],
    ]);
    return readFile(file);
  };
  clipBytes = await make('clip.mp4', [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-bf',
    '0',
  ]);
  const empty = path.join(dir.dir, 'empty.mp4');
  await ffmpegOutput(ffmpeg, [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30', '-frames:v', '0'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', empty],
  ]);
  emptyBytes = await readFile(empty);
  webmBytes = await make('clip.webm', [
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '500k',
    '-deadline',
    'realtime',
  ]);
});
afterAll(async () => {
  await dir?.remove();
});

async function clipOf(api: ApiClient, bytes = clipBytes, name = 'My Clip.mp4', mime = 'video/mp4') {
  const { draft, final } = await uploadVideo(api, bytes, name, mime);
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  expect(final!.status).toBe(200);
  const id = draft.body.video_uuid as string;
  return { id, status: await waitForVideo(api, id) };
}

const extend = (api: ApiClient, body: Body) =>
  api.post('/api/elements/create-video-loop-extension', body);

async function waitForLoop(api: ApiClient, id: string) {
  return waitFor(
    `loop ${id}`,
    async () => {
      const task = (await api.post('/api/elements/loop-extension-task-status', { tasks: [id] }))
        .body.tasks[0];
      return task.status === 'PROGRESSING' ? undefined : task;
    },
    120_000,
    200,
  );
}

describe.each(embeddedBackend)('the video library on $name', (backend) => {
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let server: InProcessServer;

  beforeAll(async () => {
    prepared = await backend.prepare();
    server = await startInProcessServer({ ...prepared.env });
  });
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
  });

  test('a clip is uploaded, probed and given a thumbnail; extended to a length and to a track, then deleted', async () => {
    const owner = await signUp(server.url);
    const { api } = owner;
    const clip = await clipOf(api);
    expect(clip.status).toMatchObject({ processing_status: 'COMPLETE', error: null });
    const [listed] = (await api.get('/api/videos/user-videos')).body.videos as Body[];
    expect(listed).toMatchObject({
      video_uuid: clip.id,
      file_name: 'My Clip.mp4',
      is_task_output: false,
      task_name: null,
      task_status: null,
      width: 360,
      height: 640,
      fps: 30,
      codec: 'h264',
      retention_policy: 'keep',
      expires_at: null,
    });
    expect(listed!.duration_seconds).toBeCloseTo(2, 1);
    const thumb = await fetchBytes(api, listed!.thumbnail_path as string);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');

    // To 7.5 s: a copy of whole and part repetitions, as many frames as the length holds.
    const byLength = await extend(api, { videoId: clip.id, target_seconds: 7.5 });
    expect(byLength.status).toBe(201);
    expect(byLength.body.video).toMatchObject({
      is_task_output: true,
      task_name: 'LOOP_EXTEND',
      task_status: 'PROGRESSING',
      source_video_uuid: clip.id,
      target_seconds: 7.5,
    });
    const loopId = byLength.body.video.video_uuid as string;
    const done = await waitForLoop(api, loopId);
    expect(done).toMatchObject({ status: 'SUCCESS', percent_complete: 100 });
    const file = await fetchBytes(api, done.video.download_path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="My Clip (loop).mp4"',
    );
    const probe = await server.context.ffmpeg.probe(
      await saveTo(dir.dir, `${loopId}.mp4`, file.bytes),
    );
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(probe.streams[0]).toMatchObject({
      codec_name: 'h264',
      width: 360,
      height: 640,
      nb_frames: '225',
    });

    // To a track's length, with its AAC audio.
    const track = await trackOf(api, 'audio/intro-30s.m4a');
    const byTrack = await extend(api, { videoId: clip.id, audio_uuid: track });
    expect(byTrack.status).toBe(201);
    const withAudio = await waitForLoop(api, byTrack.body.video.video_uuid);
    expect(withAudio.status).toBe('SUCCESS');
    const saved = await saveTo(
      dir.dir,
      'with-track.mp4',
      (await fetchBytes(api, withAudio.video.video_path)).bytes,
    );
    const both = await server.context.ffmpeg.probe(saved);
    const audio = both.streams.find((s) => s.codec_type === 'audio')!;
    const video = both.streams.find((s) => s.codec_type === 'video')!;
    expect(audio.codec_name).toBe('aac');
    expect(Math.abs(Number(video.duration) - Number(audio.duration))).toBeLessThanOrEqual(
      1 / 30 + 0.03,
    );

    // Another user: NotFound everywhere, and nothing of the owner's changes.
    const other = (await signUp(server.url)).api;
    expect((await extend(other, { videoId: clip.id, target_seconds: 10 })).status).toBe(404);
    const theirs = (
      await other.post('/api/elements/loop-extension-task-status', { tasks: [loopId] })
    ).body.tasks[0];
    expect(theirs).toMatchObject({ status: 'NotFound', video: null });
    expect((await fetchBytes(other, `/api/videos/video/${clip.id}`)).status).toBe(404);
    expect((await other.delete('/api/videos/delete-video', { videoId: clip.id })).status).toBe(404);
    expect(
      (
        await other.post('/api/videos/update-retention-policy', {
          videoId: clip.id,
          retentionPolicy: 'keep',
        })
      ).status,
    ).toBe(404);
    expect((await other.get('/api/videos/user-videos')).body.videos).toEqual([]);

    // Delete: the row and the files.
    expect((await api.delete('/api/videos/delete-video', { videoId: loopId })).body).toEqual({
      deleted: true,
    });
    expect(await server.context.storage.stat(videoKeys(owner.userUuid, loopId).video)).toBeNull();
    const left = (await api.get('/api/videos/user-videos')).body.videos as Body[];
    expect(left.map((v) => v.video_uuid)).not.toContain(loopId);
  });

  test('a WebM clip is encoded once into a loopable segment, then repeated', async () => {
    const { api } = await signUp(server.url);
    const clip = await clipOf(api, webmBytes, 'phone.webm', 'video/webm');
    expect(clip.status.processing_status).toBe('COMPLETE');
    const made = await extend(api, { videoId: clip.id, target_seconds: 5 });
    const done = await waitForLoop(api, made.body.video.video_uuid);
    expect(done.status).toBe('SUCCESS');
    const probe = await server.context.ffmpeg.probe(
      await saveTo(dir.dir, 'webm-loop.mp4', (await fetchBytes(api, done.video.video_path)).bytes),
    );
    expect(probe.streams[0]).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      nb_frames: '150',
    });
  });

  test('retention: a policy is set, and the daily job removes what it says, nothing else', async () => {
    const { api, userUuid } = await signUp(server.url);
    const kept = await clipOf(api);
    const expiring = await clipOf(api);
    const answer = await api.post('/api/videos/update-retention-policy', {
      videoId: expiring.id,
      retentionPolicy: 'delete-after-30-days',
    });
    expect(answer.body.video.retention_policy).toBe('delete-after-30-days');
    expect(Date.parse(answer.body.video.expires_at) - Date.now()).toBeGreaterThan(
      29.9 * 86_400_000,
    );
    const bad = await api.post('/api/videos/update-retention-policy', {
      videoId: kept.id,
      retentionPolicy: 'forever',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('retentionPolicy must be one of keep, delete-after-30-days');
    // Not yet 30 days: nothing goes. 31 days on: only the expiring clip goes, with its files.
    expect(await applyRetention(server.context)).toBe(0);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await applyRetention(server.context, later)).toBe(1);
    const rows = await server.context.db.select().from(videos).where(eq(videos.userUuid, userUuid));
    expect(rows.map((r) => r.videoUuid)).toEqual([kept.id]);
    expect(await server.context.storage.stat(videoKeys(userUuid, expiring.id).video)).toBeNull();
    // The daily run is queued once for the next 03:00 UTC, however often it is asked for.
    const day = await scheduleRetention(server.context);
    expect(await scheduleRetention(server.context)).toBe(day);
    const job = await server.context.queue.getJob(
      'apply-retention',
      dailyJobId('apply-retention', day),
    );
    expect(job?.state).toBe('created');
  });

  test('bad clips end with a clear 4xx or FAILED with a reason, and the server keeps serving', async () => {
    const { api } = await signUp(server.url);
    // Not a video by its name and type: refused before any byte is sent.
    const text = await api.post('/api/videos/add-video-draft', {
      file_name: 'notes.txt',
      file_size: 10,
      mimetype: 'text/plain',
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('This file is not a video we can use (MP4, MOV or WebM).');
    const huge = await api.post('/api/videos/add-video-draft', {
      file_name: 'big.mp4',
      file_size: 2 * 1024 ** 3,
      mimetype: 'video/mp4',
    });
    expect(huge).toMatchObject({ status: 413, body: { exc: 'VideoTooLarge' } });
    // Named like a video but not one (an MP3), a truncated MP4: FAILED with the reason.
    const mp3 = await clipOf(api, await readFile(fixture('audio/intro-8s-mono.mp3')), 'song.mp4');
    expect(mp3.status).toMatchObject({
      processing_status: 'FAILED',
      error: 'The clip could not be read: it is not a video.',
    });
    const zero = await clipOf(api, emptyBytes, 'zero.mp4');
    expect(zero.status.processing_status).toBe('FAILED');
    expect(zero.status.error).toMatch(/The clip (could not be read|has no frames)/);
    const truncated = await clipOf(
      api,
      clipBytes.subarray(0, Math.floor(clipBytes.length / 3)),
      'cut.mp4',
    );
    expect(truncated.status.processing_status).toBe('FAILED');
    expect(truncated.status.error).toMatch(/The clip (could not be read|has no frames)/);
    // A failed clip cannot be looped; lengths are checked.
    const loopFailed = await extend(api, { videoId: mp3.id, target_seconds: 10 });
    expect(loopFailed).toMatchObject({ status: 409, body: { exc: 'VideoNotReady' } });
    const good = await clipOf(api);
    for (const [body, message] of [
      [
        { videoId: good.id },
        'Give the loop a length (target_seconds) or a track (audio_uuid), not both',
      ],
      [{ videoId: good.id, target_seconds: 0 }, 'target_seconds must be more than 0'],
      [{ videoId: good.id, target_seconds: 13 * 3600 }, 'A loop extension lasts at most 12 hours.'],
    ] as const) {
      const answer = await extend(api, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await extend(api, { videoId: 'junk', target_seconds: 5 })).status).toBe(404);
    expect((await api.get('/api/videos/user-videos')).status).toBe(200);
  });
});
