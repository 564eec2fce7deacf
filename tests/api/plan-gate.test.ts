// What a plan renders, whatever the way a render is created: one gate (plan-gate.ts) decides it
// for single renders of every kind, Canvas drafts and release kits alike. The free plan asks each
// creating call for each output a plan limits (4K, 60 fps) and each is refused with 403
// PaidPlanRequired and its reason, with nothing stored and nothing charged; a paid plan whose
// time is over is refused the same way; a paid plan gets them, a kit at 60 fps included.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { presetDesign } from '../../core/particles/presets';
import { LARGER_OUTPUTS_MESSAGE } from '../../core/plans/catalogue';
import { creditLedger, plans, releaseKits, renders } from '../../server/db/schema';
import { setPlanByEmail } from '../../server/services/payments/plan-change.service';
import type { ApiClient } from '../support/api-client';
import { embeddedBackend } from '../support/backends';
import { startInProcessServer, type InProcessServer } from '../support/in-process-server';
import { signUp, trackOf, type Account } from '../support/renders-client';

vi.setConfig({ testTimeout: 180_000 });

const KITS = '/api/release-kits';
const VISUALIZER = '/api/visualizers/create-visualizer';
const STILL = '/api/music-videos/create-static-video';
const PARTICLES = '/api/elements/init-particle-system-render';
const CANVAS = '/api/canvas-videos/draft-render-video';

/** Every call that creates renders, each asked for one output the free plan does not render. */
function limitedCalls(audio: string): [string, string, Record<string, unknown>][] {
  const design = presetDesign('snow');
  const kit = { template: 'retro-scope', title: 'Night Drive', artist: 'The Tests' };
  return [
    [
      'visualizer at 60 fps',
      VISUALIZER,
      { audio_uuid: audio, configuration: { template: 'mirrored-bars', fps: 60 } },
    ],
    [
      'visualizer at 4K',
      VISUALIZER,
      {
        audio_uuid: audio,
        configuration: { template: 'mirrored-bars', width: 3840, height: 2160 },
      },
    ],
    [
      'single-frame at 4K',
      STILL,
      {
        audio_uuid: audio,
        configuration: { template: 'cover-on-blur', width: 2160, height: 2160 },
      },
    ],
    ['particles at 60 fps', PARTICLES, { audio_uuid: audio, design, size: '16:9', fps: 60 }],
    [
      'particles at 4K',
      PARTICLES,
      { audio_uuid: audio, design, size: '1:1', resolution: '4k', fps: 30 },
    ],
    [
      'a whole release kit at 60 fps',
      KITS,
      { audio_uuid: audio, configuration: { ...kit, fps: 60 } },
    ],
    [
      'a release kit of its hook clip at 60 fps',
      KITS,
      { audio_uuid: audio, configuration: { ...kit, fps: 60 }, outputs: ['vertical'] },
    ],
  ];
}

describe.each(embeddedBackend)('what a plan renders, on $name', (backend) => {
  let prepared: Awaited<ReturnType<typeof backend.prepare>>;
  let server: InProcessServer;

  beforeAll(async () => {
    prepared = await backend.prepare();
    server = await startInProcessServer({
      ...prepared.env,
      // Credits enough for a whole kit: only the plan can refuse it.
      STARTING_VIZ_CREDITS: '10',
      STARTING_CANVAS_CREDITS: '3',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await prepared?.remove();
  });

  /** What the user has stored and been charged: renders, kits and the credit ledger's rows. */
  async function holdings(userUuid: string) {
    const { db } = server.context;
    return {
      renders: (await db.select().from(renders).where(eq(renders.userUuid, userUuid))).length,
      kits: (await db.select().from(releaseKits).where(eq(releaseKits.userUuid, userUuid))).length,
      ledger: (await db.select().from(creditLedger).where(eq(creditLedger.userUuid, userUuid)))
        .length,
    };
  }

  /** Walks every creating call: each refused with the plan's reason, nothing stored or charged. */
  async function expectEveryCallRefused({ api, userUuid }: Account, audio: string) {
    const before = await holdings(userUuid);
    for (const [name, path, body] of limitedCalls(audio)) {
      const answer = await api.post(path, body);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(403);
      expect(answer.body, name).toMatchObject({
        exc: 'PaidPlanRequired',
        message: LARGER_OUTPUTS_MESSAGE,
      });
    }
    // A Canvas has no output a plan limits (Spotify's 9:16 sizes up to 1080x1920, 24-30 fps):
    // what it does not offer is refused for every plan.
    const canvas = await api.post(CANVAS, {
      audio_uuid: audio,
      configuration: { template: 'slow-zoom', fps: 60 },
    });
    expect(canvas.status, JSON.stringify(canvas.body)).toBe(400);
    expect(await holdings(userUuid)).toEqual(before);
    const listed = await listedRenders(api);
    expect(listed).toEqual({ visualizers: 0, stills: 0, particles: 0, canvases: 0, kits: 0 });
  }

  async function listedRenders(api: ApiClient) {
    const count = async (path: string, field: string) =>
      ((await api.get(path)).body[field] as unknown[]).length;
    return {
      visualizers: await count('/api/visualizers/get-user-visualizers', 'visualizers'),
      stills: await count('/api/music-videos/get-user-static-videos', 'videos'),
      particles: await count('/api/elements/get-particle-system-renders', 'renders'),
      canvases: await count('/api/canvas-videos/get-user-canvas-videos', 'videos'),
      kits: await count(KITS, 'kits'),
    };
  }

  test('the free plan: every call that creates renders refuses 4K and 60 fps, a release kit too', async () => {
    const account = await signUp(server.url);
    const audio = await trackOf(account.api);
    await expectEveryCallRefused(account, audio);
  });

  test('a paid plan whose time is over renders as the free plan it now is', async () => {
    const account = await signUp(server.url);
    const audio = await trackOf(account.api);
    await setPlanByEmail(server.context.db, account.email, 'plan_tier_one_monthly');
    // Paid through a provider until a minute ago, cancelled: nothing was read since.
    await server.context.db
      .update(plans)
      .set({
        paymentProcessor: 'STRIPE',
        providerSubscriptionId: 'sub_over',
        periodEnd: new Date(Date.now() - 60_000),
        cancelAtPeriodEnd: true,
      })
      .where(eq(plans.userUuid, account.userUuid));
    await expectEveryCallRefused(account, audio);
  });

  test('a paid plan renders a release kit at 60 fps', async () => {
    const { api, email, userUuid } = await signUp(server.url);
    const audio = await trackOf(api);
    await setPlanByEmail(server.context.db, email, 'plan_tier_one_monthly');
    const created = await api.post(KITS, {
      audio_uuid: audio,
      configuration: { template: 'retro-scope', fps: 60 },
      outputs: ['vertical'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [part] = await server.context.db
      .select()
      .from(renders)
      .where(eq(renders.userUuid, userUuid));
    expect(part!.settings).toMatchObject({ fps: 60 });
    // Its render is not needed: deleting it stops it.
    const deleted = await api.delete('/api/visualizers/delete-visualizer', {
      upload_uuid: part!.id,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  });
});
