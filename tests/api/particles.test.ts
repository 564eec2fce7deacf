// Particle-system calls (spec 7, /api/elements) against the real server: init (one visualizer
// credit), the render to SUCCESS with its video checked by ffprobe, list, status, delete of a
// running render (stopped, files gone, credit back), ownership, and bad designs refused before
// anything is charged.
import { and, eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AppContext } from '../../server/context';
import { creditLedger } from '../../server/db/schema';
import { presetDesign } from '../../core/particles/presets';
import { audioKeys } from '../../server/repositories/audios.repository';
import { insertLedgerRow } from '../../server/repositories/credit-ledger.repository';
import { renderKeys } from '../../server/repositories/renders.repository';
import { LARGER_OUTPUTS_MESSAGE } from '../../core/plans/catalogue';
import { setPlanByEmail } from '../../server/services/payments/plan-change.service';
import { NO_CREDITS_MESSAGE } from '../../server/services/renders/credits.service';
import type { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { readOutbox } from '../support/outbox';
import {
  createRender,
  fetchBytes,
  ffmpegProcessesOf,
  imageOf,
  mailSubject,
  renderTempDirs,
  saveTo,
  signUp,
  trackOf,
} from '../support/renders-client';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

vi.setConfig({ testTimeout: 240_000 });

const SHORT_TRACK = 'audio/intro-8s-mono.mp3';
const LONG_TRACK = 'audio/intro-30s-tagged.mp3';

type Body = Record<string, unknown>;

/** A light design (few particles) so the render's time is mostly the encode. */
function lightDesign(name = 'Light snow') {
  const design = { ...presetDesign('snow'), name };
  (design.options as { particles: { number: { value: number } } }).particles.number.value = 60;
  return design;
}

const init = (api: ApiClient, body: Body) =>
  api.post('/api/elements/init-particle-system-render', body);
const list = async (api: ApiClient) =>
  (await api.get('/api/elements/get-particle-system-renders')).body.renders as Body[];
const statuses = async (api: ApiClient, tasks: string[]) =>
  (await api.post('/api/elements/particle-systems-task-status', { tasks })).body.tasks as Body[];
const remove = (api: ApiClient, taskUuid: string) =>
  api.delete('/api/elements/particle-system-render-delete', { task_uuid: taskUuid });
const vizCredits = async (api: ApiClient) =>
  (await api.get('/api/payment/plan')).body.viz_credits as number;

async function waitForParticles(api: ApiClient, id: string) {
  const seen: Body[] = [];
  const last = await waitFor(
    `particle render ${id} to finish`,
    async () => {
      const [task] = await statuses(api, [id]);
      seen.push(task!);
      return task!.status === 'PROGRESSING' ? undefined : task!;
    },
    180_000,
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

describe.each(embeddedBackend)('particle renders on $name', (backend) => {
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let server: InProcessServer;
  let probeDir: Awaited<ReturnType<typeof makeTempDir>>;

  beforeAll(async () => {
    prepared = await backend.prepare();
    server = await startInProcessServer({ ...prepared.env, STARTING_VIZ_CREDITS: '3' });
    probeDir = await makeTempDir('particles-probe');
  });
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
    await probeDir?.remove();
  });

  test('init charges one credit, PROGRESSING → SUCCESS once the thumbnail exists, a video with the track', async () => {
    const owner = await signUp(server.url);
    const { api } = owner;
    const [audio, picture] = await Promise.all([trackOf(api, SHORT_TRACK), imageOf(api)]);
    expect(await list(api)).toEqual([]);

    const created = await init(api, {
      audio_uuid: audio,
      design: lightDesign(),
      size: '9:16',
      fps: 30,
      seed: 7,
      background_image_uuid: picture,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const task = created.body.task as Body;
    const id = task.task_uuid as string;
    expect(task).toMatchObject({
      render_status: 'PROGRESSING',
      thumbnail_image_path: null,
      design_name: 'Light snow',
      audio_uuid: audio,
      configuration: { template: 'particle-system', width: 1080, height: 1920, fps: 30 },
    });
    expect(await vizCredits(api)).toBe(2);
    expect(await ledgerOf(server.context, owner.userUuid, id)).toEqual([
      { delta: -1, reason: 'render' },
    ]);

    const { last, seen } = await waitForParticles(api, id);
    expect(seen[0]!.status).toBe('PROGRESSING');
    expect(last).toMatchObject({ status: 'SUCCESS', percent_complete: 100 });
    const info = last.taskInfo as Body;
    expect(info).toMatchObject({ render_status: 'SUCCESS', error: null });
    expect(info.thumbnail_image_path).toBe(info.thumbnail_image);
    expect(await vizCredits(api)).toBe(2);

    const thumb = await fetchBytes(api, info.thumbnail_image_path as string);
    expect(thumb.status).toBe(200);
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'jpeg' });
    const file = await fetchBytes(api, info.download_url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Light snow.mp4"');
    const saved = await saveTo(probeDir.dir, `${id}.mp4`, file.bytes);
    const probe = await server.context.ffmpeg.probe(saved);
    expect(probe.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 1080,
      height: 1920,
      r_frame_rate: '30/1',
    });
    expect(Number(probe.format.duration)).toBeGreaterThan(7.5);

    expect((await list(api)).map((r) => [r.task_uuid, r.render_status])).toEqual([[id, 'SUCCESS']]);
    const mail = await waitFor('the render mail', async () =>
      (await readOutbox(server.dataDir, owner.email))
        .map((m) => ({ ...m, subject: mailSubject(m.raw) }))
        .find((m) => / ready/.test(m.subject)),
    );
    expect(mail.text).toContain(`http://waveframe.test/media/particle-systems/${id}`);

    // Another user: NotFound everywhere, and nothing of the owner's changes.
    const other = (await signUp(server.url)).api;
    expect((await statuses(other, [id]))[0]!.status).toBe('NotFound');
    expect((await fetchBytes(other, info.video_url as string)).status).toBe(404);
    expect((await remove(other, id)).status).toBe(404);
    expect(await list(other)).toEqual([]);
    expect((await statuses(api, [id]))[0]!.status).toBe('SUCCESS');

    // Deleting the finished render removes its files and gives nothing back.
    expect((await remove(api, id)).body).toEqual({ deleted: true });
    expect(await vizCredits(api)).toBe(2);
    expect((await statuses(api, [id]))[0]!.status).toBe('NotFound');
    const keys = renderKeys(owner.userUuid, id);
    expect(await server.context.storage.stat(keys.video)).toBeNull();
    expect(await server.context.storage.stat(keys.thumbnail)).toBeNull();
    expect((await remove(api, id)).status).toBe(404);
  });

  test('4K and 60 fps: refused on the free plan with the reason, nothing charged; a paid plan renders 4K', async () => {
    const owner = await signUp(server.url);
    const { api } = owner;
    const audio = await trackOf(api, SHORT_TRACK);
    const design = lightDesign();
    for (const asked of [
      { size: '16:9', resolution: '4k', fps: 30 },
      { size: '9:16', fps: 60 },
    ]) {
      const refused = await init(api, { audio_uuid: audio, design, ...asked });
      expect(refused.status, JSON.stringify(asked)).toBe(403);
      expect(refused.body.message).toBe(LARGER_OUTPUTS_MESSAGE);
    }
    // A visualizer asked at 4K by its size is refused the same way.
    const visualizer = await createRender(api, 'visualizer', audio, {
      template: 'mirrored-bars',
      width: 3840,
      height: 2160,
    });
    expect(visualizer.status).toBe(403);
    expect(visualizer.body.message).toBe(LARGER_OUTPUTS_MESSAGE);
    expect(await list(api)).toEqual([]);
    expect(await vizCredits(api)).toBe(3);
    expect(
      (await init(api, { audio_uuid: audio, design, size: '4:5', resolution: '4k', fps: 30 }))
        .status,
    ).toBe(400);

    // On a paid plan (as the operator's `admin plan` sets it), 4K at 60 fps is taken and charged.
    await setPlanByEmail(server.context.db, owner.email, 'plan_tier_one_monthly');
    const before = await vizCredits(api);
    const created = await init(api, {
      audio_uuid: audio,
      design,
      size: '1:1',
      resolution: '4k',
      fps: 60,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const task = created.body.task as Body;
    expect(task.configuration).toMatchObject({ width: 2160, height: 2160, fps: 60 });
    expect(await vizCredits(api)).toBe(before - 1);
    expect((await remove(api, task.task_uuid as string)).body).toEqual({ deleted: true });
  });

  test('deleting a running render stops it, removes its files and gives the credit back once', async () => {
    const { api, userUuid } = await signUp(server.url);
    const audio = await trackOf(api, LONG_TRACK);
    const id = (
      (await init(api, { audio_uuid: audio, design: lightDesign(), size: '16:9', fps: 30 })).body
        .task as Body
    ).task_uuid as string;
    const running = await waitFor(
      'the render to report progress',
      async () => {
        const [status] = await statuses(api, [id]);
        expect(status!.status).toBe('PROGRESSING');
        return (status!.percent_complete as number) > 0 ? status : undefined;
      },
      90_000,
      100,
    );
    expect(running!.percent_complete).toBeLessThan(100);
    expect(await vizCredits(api)).toBe(2);

    expect((await remove(api, id)).body).toEqual({ deleted: true });
    expect(await vizCredits(api)).toBe(3);
    await waitFor(
      'its ffmpeg to stop',
      async () => ((await ffmpegProcessesOf(id)).length === 0 ? true : undefined),
      10_000,
      100,
    );
    await waitFor(
      'its temp files to go',
      async () =>
        (await renderTempDirs(server.context.config.tmpDir, id)).length === 0 ? true : undefined,
      10_000,
      100,
    );
    expect((await statuses(api, [id]))[0]!.status).toBe('NotFound');
    expect(await ledgerOf(server.context, userUuid, id)).toEqual(
      expect.arrayContaining([
        { delta: -1, reason: 'render' },
        { delta: 1, reason: 'render-refund' },
      ]),
    );
    expect(await ledgerOf(server.context, userUuid, id)).toHaveLength(2);
  });

  test('a render that fails ends FAILED with a reason and the credit back', async () => {
    const { api, userUuid } = await signUp(server.url);
    const audio = await trackOf(api, SHORT_TRACK);
    await server.context.storage.put(
      audioKeys(userUuid, audio).analysis,
      Readable.from([Buffer.from('not an analysis at all')]),
    );
    const created = await init(api, {
      audio_uuid: audio,
      design: lightDesign(),
      size: '1:1',
      fps: 30,
    });
    expect(created.status).toBe(201);
    const id = (created.body.task as Body).task_uuid as string;
    const { last } = await waitForParticles(api, id);
    expect(last.status).toBe('FAILED');
    expect((last.taskInfo as Body).error).toContain(
      'The analysis of this track is missing or damaged',
    );
    expect(await vizCredits(api)).toBe(3);
  });

  test('bad requests are refused with a reason and charge nothing', async () => {
    const { api } = await signUp(server.url);
    const audio = await trackOf(api, SHORT_TRACK);
    const base = { audio_uuid: audio, design: lightDesign(), size: '16:9', fps: 30 };
    const refused = async (body: Body, status: number, message: string | RegExp) => {
      const answer = await init(api, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.message ?? answer.body.detail ?? JSON.stringify(answer.body)).toMatch(
        message,
      );
    };
    const snow = lightDesign();
    const shaped = structuredClone(snow);
    (shaped.options as { particles: { shape: unknown } }).particles.shape = { type: 'heart' };
    await refused({ ...base, design: shaped }, 400, 'Unknown particle shape "heart"');
    const huge = structuredClone(snow);
    (huge.options as { particles: { number: { value: number } } }).particles.number.value = 1e7;
    await refused({ ...base, design: huge }, 400, 'A design holds at most 10,000 particles.');
    await refused({ ...base, design: 'not json {' }, 400, 'it holds no options object');
    await refused({ ...base, design: { big: 'x'.repeat(300 * 1024) } }, 400, /larger than 256 KB/);
    await refused({ ...base, size: '4:3' }, 400, 'size must be 16:9, 1:1, 9:16 or 4:5');
    await refused({ ...base, fps: 24 }, 400, 'fps must be 30 or 60');
    await refused(
      { ...base, audio_uuid: '00000000-0000-4000-8000-000000000000' },
      404,
      'No such audio.',
    );
    expect(await vizCredits(api)).toBe(3);
    expect(await list(api)).toEqual([]);
    // Signed out: 401.
    expect((await api.logOut()).status).toBe(200);
    expect((await init(api, base)).status).toBe(401);
  });

  test('with no credits left: 402 with the message, and nothing queued', async () => {
    const { api, userUuid } = await signUp(server.url);
    const audio = await trackOf(api, SHORT_TRACK);
    // The three starting credits spent, as three renders would have.
    await insertLedgerRow(server.context.db, {
      userUuid,
      creditType: 'viz',
      delta: -3,
      reason: 'spent-in-test',
      ref: 'spent-in-test',
    });
    expect(await vizCredits(api)).toBe(0);
    const answer = await init(api, {
      audio_uuid: audio,
      design: lightDesign(),
      size: '16:9',
      fps: 30,
    });
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ exc: 'NoCreditsRemaining', message: NO_CREDITS_MESSAGE });
    expect(await list(api)).toEqual([]);
  });
});
