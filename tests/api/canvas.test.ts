// Spotify Canvas calls (spec 7, /api/canvas-videos) against the real server: draft, finalize
// (one Canvas credit, the plan's free ones first), the render to SUCCESS with Spotify's rules
// checked by ffprobe, abort, delete, ownership, refunds and bad inputs.
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AppContext } from '../../server/context';
import { creditLedger, plans, renders } from '../../server/db/schema';
import { imageKeys } from '../../server/repositories/images.repository';
import { renderKeys } from '../../server/repositories/renders.repository';
import { NO_CANVAS_CREDITS_MESSAGE } from '../../server/services/renders/credits.service';
import type { ApiClient } from '../support/api-client';
import { backends } from '../support/backends';
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
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

vi.setConfig({ testTimeout: 240_000 });

/** Small and quick: Spotify's smaller size at 24 fps. */
const SMALL = { template: 'slow-zoom', width: 720, height: 1280, fps: 24 };
const TRACK = 'audio/intro-30s.m4a';

type Body = Record<string, unknown>;

const draft = (api: ApiClient, body: Body) =>
  api.post('/api/canvas-videos/draft-render-video', body);
const finalize = (api: ApiClient, videoId: string) =>
  api.post('/api/canvas-videos/finalize-video-render', { videoId });
const abort = (api: ApiClient, videoId: string) =>
  api.post('/api/canvas-videos/abort-render-video', { videoId });
const statuses = async (api: ApiClient, tasks: string[]) =>
  (await api.post('/api/canvas-videos/render-tasks-status', { tasks })).body.tasks as Body[];

async function draftId(api: ApiClient, body: Body = { configuration: { ...SMALL }, seconds: 3 }) {
  const answer = await draft(api, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.video.upload_uuid as string;
}

async function quota(api: ApiClient) {
  const plan = (await api.get('/api/payment/plan')).body;
  return { paid: plan.canvas_credits as number, free: plan.canvas_credits_free as number };
}

/** Polls render-tasks-status every 100 ms until the Canvas ends; every status on the way. */
async function waitForCanvas(api: ApiClient, id: string) {
  const seen: Body[] = [];
  const last = await waitFor(
    `canvas ${id} to finish`,
    async () => {
      const [task] = await statuses(api, [id]);
      seen.push(task!);
      return task!.status === 'PROGRESSING' ? undefined : task!;
    },
    120_000,
    100,
  );
  return { last, seen };
}

async function ledgerOf(context: AppContext, userUuid: string, ref: string) {
  return context.db
    .select({ delta: creditLedger.delta, reason: creditLedger.reason })
    .from(creditLedger)
    .where(and(eq(creditLedger.userUuid, userUuid), eq(creditLedger.ref, ref)));
}

describe.each(backends)('Canvas videos on $name', (backend) => {
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let server: InProcessServer;
  let probeDir: Awaited<ReturnType<typeof makeTempDir>>;

  beforeAll(async () => {
    prepared = await backend.prepare();
    server = await startInProcessServer({
      ...prepared.env,
      STARTING_CANVAS_CREDITS: '3',
      STARTING_CANVAS_CREDITS_FREE: '1',
    });
    probeDir = await makeTempDir('canvas-probe');
  });
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
    await probeDir?.remove();
  });

  test('cut on the beat of a library track: draft, finalize (free credit first), PROGRESSING → SUCCESS, a Spotify-ready file', async () => {
    const owner = await signUp(server.url);
    const { api } = owner;
    const [audio, art] = await Promise.all([trackOf(api, TRACK), imageOf(api)]);
    expect(await quota(api)).toEqual({ paid: 3, free: 1 });

    const drafted = await draft(api, {
      configuration: { ...SMALL, title: 'Night Drive', album_art_image_uuid: art },
      audio_uuid: audio,
      section_start: 10,
      seconds: 4,
    });
    expect(drafted.status).toBe(201);
    const video = drafted.body.video;
    const id = video.upload_uuid as string;
    expect(video).toMatchObject({
      render_status: 'PROGRESSING',
      audio_uuid: audio,
      template_title: 'Slow Zoom',
      thumbnail_image: null,
      configuration: { template: 'slow-zoom', width: 720, height: 1280, fps: 24 },
    });
    // A whole number of beats of the section's tempo, within half a frame, inside 3-8 s.
    const { loop } = video;
    expect(loop.section_start).toBe(10);
    expect(loop.beats).toBeGreaterThan(0);
    expect(loop.bpm).toBeGreaterThan(40);
    expect(Math.abs(loop.seconds - (loop.beats * 60) / loop.bpm)).toBeLessThanOrEqual(0.5 / 24);
    expect(loop.seconds).toBeGreaterThanOrEqual(3);
    expect(loop.seconds).toBeLessThanOrEqual(8);
    // A draft is not charged, listed nor polled.
    expect(await quota(api)).toEqual({ paid: 3, free: 1 });
    expect((await api.get('/api/canvas-videos/get-user-canvas-videos')).body.videos).toEqual([]);
    expect((await statuses(api, [id]))[0]!.status).toBe('NotFound');

    const finalized = await finalize(api, id);
    expect(finalized.status).toBe(200);
    expect(await quota(api)).toEqual({ paid: 3, free: 0 });
    expect(await ledgerOf(server.context, owner.userUuid, id)).toEqual([
      { delta: 0, reason: 'render-free' },
    ]);
    // Finalizing again charges nothing more.
    const again = await finalize(api, id);
    expect(again.status).toBe(409);
    expect(again.body.exc).toBe('NotADraft');

    const { last, seen } = await waitForCanvas(api, id);
    expect(seen[0]!.status).toBe('PROGRESSING');
    expect(last).toMatchObject({ status: 'SUCCESS', percent_complete: 100 });
    const info = last.videoInfo as Body;
    expect(info).toMatchObject({ render_status: 'SUCCESS', error: null });
    expect(await quota(api)).toEqual({ paid: 3, free: 0 });

    const thumb = await fetchBytes(api, info.thumbnail_image as string);
    expect(thumb.status).toBe(200);
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'jpeg' });
    const file = await fetchBytes(api, info.download_url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Night Drive.mp4"');
    const saved = await saveTo(probeDir.dir, `${id}.mp4`, file.bytes);
    const probe = await server.context.ffmpeg.probe(saved);
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['video']);
    expect(probe.streams[0]).toMatchObject({
      codec_name: 'h264',
      profile: 'High',
      pix_fmt: 'yuv420p',
      width: 720,
      height: 1280,
      r_frame_rate: '24/1',
      nb_frames: String(loop.frames),
    });
    const atoms = await topLevelAtoms(saved);
    expect(atoms.indexOf('moov')).toBeLessThan(atoms.indexOf('mdat'));

    const list = (await api.get('/api/canvas-videos/get-user-canvas-videos')).body.videos;
    expect(list.map((item: Body) => [item.upload_uuid, item.render_status])).toEqual([
      [id, 'SUCCESS'],
    ]);
    const mail = await waitFor('the render mail', async () =>
      (await readOutbox(server.dataDir, owner.email))
        .map((m) => ({ ...m, subject: mailSubject(m.raw) }))
        .find((m) => m.subject.startsWith('Your Spotify Canvas is ready')),
    );
    expect(mail.subject).toBe('Your Spotify Canvas is ready: Night Drive');
    expect(mail.text).toContain(`http://waveframe.test/canvas-render-progress/${id}`);

    // Another user: NotFound everywhere, and nothing of the owner's changes.
    const other = (await signUp(server.url)).api;
    expect((await statuses(other, [id]))[0]!.status).toBe('NotFound');
    expect((await fetchBytes(other, `/api/canvas-videos/video/${id}`)).status).toBe(404);
    expect((await fetchBytes(other, `/api/canvas-videos/thumbnail/${id}`)).status).toBe(404);
    expect((await finalize(other, id)).status).toBe(404);
    expect((await abort(other, id)).status).toBe(404);
    expect((await other.delete('/api/canvas-videos/delete', { videoId: id })).status).toBe(404);
    expect((await other.get('/api/canvas-videos/get-user-canvas-videos')).body.videos).toEqual([]);
    // A Canvas id is no visualizer.
    expect((await fetchBytes(api, `/api/visualizers/video/${id}`)).status).toBe(404);

    // Deleting the finished Canvas removes its files and gives nothing back.
    const deleted = await api.delete('/api/canvas-videos/delete', { videoId: id });
    expect(deleted.body).toEqual({ deleted: true });
    expect((await statuses(api, [id]))[0]!.status).toBe('NotFound');
    expect(await server.context.storage.stat(renderKeys(owner.userUuid, id).video)).toBeNull();
    expect(await quota(api)).toEqual({ paid: 3, free: 0 });
  });

  test('without a track the user picks the length; abort drops a draft', async () => {
    const { api, userUuid } = await signUp(server.url);
    const drafted = await draft(api, { configuration: { template: 'vinyl' }, seconds: 5.5 });
    expect(drafted.status).toBe(201);
    expect(drafted.body.video.configuration).toMatchObject({ width: 1080, height: 1920, fps: 30 });
    expect(drafted.body.video.loop).toEqual({
      seconds: 5.5,
      frames: 165,
      beats: 0,
      bpm: null,
      section_start: 0,
    });
    const id = drafted.body.video.upload_uuid as string;
    expect((await abort(api, id)).body).toEqual({ aborted: true });
    expect((await finalize(api, id)).status).toBe(404);
    expect((await abort(api, id)).status).toBe(404);
    expect(
      await server.context.db.select().from(renders).where(eq(renders.userUuid, userUuid)),
    ).toEqual([]);
    expect(await quota(api)).toEqual({ paid: 3, free: 1 });
  });

  test('parallel finalizes cannot overspend: free first, then paid, then 402 before anything is queued', async () => {
    const { api, userUuid } = await signUp(server.url);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await draftId(api));
    const answers = await Promise.all(ids.map((id) => finalize(api, id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 402, 402]);
    for (const refused of answers.filter((a) => a.status === 402)) {
      expect(refused.body).toEqual({
        exc: 'NoCreditsRemaining',
        message: NO_CANVAS_CREDITS_MESSAGE,
      });
    }
    expect(await quota(api)).toEqual({ paid: 0, free: 0 });
    const rows = await server.context.db
      .select()
      .from(renders)
      .where(eq(renders.userUuid, userUuid));
    expect(rows.map((r) => r.status).filter((s) => s === 'DRAFT')).toHaveLength(2);
    const charges = (
      await server.context.db
        .select({ reason: creditLedger.reason })
        .from(creditLedger)
        .where(and(eq(creditLedger.userUuid, userUuid), eq(creditLedger.creditType, 'canvas')))
    )
      .map((r) => r.reason)
      .sort();
    expect(charges).toEqual(['render', 'render', 'render', 'render-free', 'sign-up']);
    // Each charged draft is on its way to a video (the first test renders one to SUCCESS).
    const queued = ids.filter((_, i) => answers[i]!.status === 200);
    expect((await statuses(api, queued)).map((task) => task.status)).toEqual(
      queued.map(() => 'PROGRESSING'),
    );
    // A refused draft can still be finalized once credits come (an unlimited plan here).
    await server.context.db
      .update(plans)
      .set({ unlimitedCanvas: true })
      .where(eq(plans.userUuid, userUuid));
    const refusedId = ids.find((_, i) => answers[i]!.status === 402)!;
    expect((await finalize(api, refusedId)).status).toBe(200);
    expect(await ledgerOf(server.context, userUuid, refusedId)).toEqual([]);
    expect((await quota(api)).paid).toBe(-1);
    expect((await statuses(api, [refusedId]))[0]!.status).toBe('PROGRESSING');
    // What the credits bought is proven; rendering five more Canvases would prove nothing new.
    for (const id of [...queued, refusedId])
      expect((await api.delete('/api/canvas-videos/delete', { videoId: id })).status).toBe(200);
  });

  test('a failed render gives the credit back to where it came from, once', async () => {
    const { api, userUuid } = await signUp(server.url);
    const art = await imageOf(api);
    const id = await draftId(api, {
      configuration: { ...SMALL, album_art_image_uuid: art },
      seconds: 3,
    });
    // The picture goes missing from storage before the job runs.
    await server.context.storage.delete(imageKeys(userUuid, art).display);
    expect((await finalize(api, id)).status).toBe(200);
    expect(await quota(api)).toEqual({ paid: 3, free: 0 });
    const { last } = await waitForCanvas(api, id);
    expect(last.status).toBe('FAILED');
    expect((last.videoInfo as Body).error).toContain('album art picture of this video was deleted');
    expect(await quota(api)).toEqual({ paid: 3, free: 1 });
    await api.delete('/api/canvas-videos/delete', { videoId: id });
    expect(await quota(api)).toEqual({ paid: 3, free: 1 });
    expect((await ledgerOf(server.context, userUuid, id)).map((r) => r.reason).sort()).toEqual([
      'render-free',
      'render-free-refund',
    ]);
  });

  test('bad inputs answer 4xx with the reason, and nothing changes', async () => {
    const { api, userUuid } = await signUp(server.url);
    const audio = await trackOf(api);
    const stranger = await signUp(server.url);
    const theirAudio = await trackOf(stranger.api);
    const cases: [Body, number, string, string][] = [
      [
        { configuration: { template: 'no-such' } },
        400,
        'InvalidData',
        'Unknown canvas template "no-such"',
      ],
      [
        { configuration: { template: 'vinyl', width: 1920, height: 1080 } },
        400,
        'InvalidData',
        'Size 1920x1080 is not offered for a Canvas (1080x1920, 720x1280)',
      ],
      [
        { configuration: { template: 'vinyl', fps: 60 } },
        400,
        'InvalidData',
        'Frame rate 60 is not offered for a Canvas (24, 25, 30)',
      ],
      [
        { configuration: { template: 'vinyl' }, seconds: 9 },
        400,
        'InvalidData',
        'A Canvas lasts 3 to 8 seconds',
      ],
      [
        { configuration: { template: 'vinyl' }, section_start: 4 },
        400,
        'InvalidData',
        'A section needs a track',
      ],
      [
        { configuration: { template: 'vinyl' }, audio_uuid: audio, section_start: 60 },
        400,
        'InvalidData',
        'The section must start inside the track',
      ],
      [
        { configuration: { template: 'vinyl' }, audio_uuid: theirAudio },
        404,
        'AudioNotFound',
        'No such audio.',
      ],
      [
        { configuration: { template: 'vinyl' }, audio_uuid: 'x' },
        400,
        'InvalidData',
        'audio_uuid must be an audio id',
      ],
    ];
    for (const [body, status, exc, message] of cases) {
      const answer = await draft(api, body);
      expect({ body, status: answer.status, exc: answer.body.exc }).toEqual({ body, status, exc });
      expect(answer.body.message).toContain(message);
    }
    expect((await finalize(api, 'junk')).status).toBe(404);
    expect((await api.post('/api/canvas-videos/finalize-video-render', {})).status).toBe(400);
    expect(
      await server.context.db.select().from(renders).where(eq(renders.userUuid, userUuid)),
    ).toEqual([]);
    expect(await quota(api)).toEqual({ paid: 3, free: 1 });
    // The server keeps serving.
    expect((await api.get('/api/canvas-videos/get-user-canvas-videos')).status).toBe(200);
  });
});
