// More than one machine (issue 25): a musician's whole path through nginx's round robin over
// two API instances, with two separate workers, one PostgreSQL database and one S3 bucket; no
// request is tied to the instance that served the one before it.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { findPlan } from '../../core/plans/catalogue';
import { audioKeys } from '../../server/repositories/audios.repository';
import { renderKeys } from '../../server/repositories/renders.repository';
import { ApiClient } from '../support/api-client';
import { postgresBackend } from '../support/backends';
import { fixture } from '../support/fixtures';
import { startGoogleStandIn, type GoogleStandIn } from '../support/google-stand-in';
import { uploadImage, waitForAudio, waitForImage } from '../support/media-client';
import { codeIn } from '../support/outbox';
import { createRender, fetchBytes, renderIdOf, waitForRender } from '../support/renders-client';
import { STAND_IN_KEYS, startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { startTopology, uploadTargets, type Topology } from '../support/topology';
import { uploadAudioSpread } from '../support/tus-across-instances';
import { waitFor } from '../support/wait-for';

vi.setConfig({ testTimeout: 180_000 });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe.runIf(postgresBackend)('two API instances and two workers behind nginx', () => {
  let prepared: Awaited<ReturnType<NonNullable<typeof postgresBackend>['prepare']>>;
  let google: GoogleStandIn;
  let stripe: StripeStandIn;
  let topology: Topology;

  beforeAll(async () => {
    prepared = await postgresBackend!.prepare();
    [google, stripe] = await Promise.all([startGoogleStandIn(), startStripeStandIn()]);
    topology = await startTopology({
      databaseUrl: prepared.env.DATABASE_URL!,
      env: {
        ...google.env,
        YOUTUBE_UPLOAD_CHUNK_KIB: '256',
        ...STAND_IN_KEYS,
        STRIPE_API_URL: stripe.url,
      },
    });
    // Stripe's events reach whichever instance the proxy picks.
    stripe.webhookUrl = `${topology.proxyUrl}/api/payment/webhooks/stripe`;
  });

  afterAll(async () => {
    await topology?.stop();
    await google?.close();
    await stripe?.close();
    await prepared?.remove();
  });

  test('sign-up, upload, render, YouTube and a subscription all work through the proxy', async () => {
    const proxy = topology.proxyUrl;
    const [first, second] = topology.instances.map((instance) => new URL(instance.url).host);

    // Sign up; the code arrives from whichever worker sent it; sign out and in again.
    const email = `topology${Date.now()}@example.com`;
    const api = await new ApiClient(proxy, { 'x-forwarded-for': '198.51.100.25' }).hail();
    const signedUp = await api.post('/api/auth/sign-up', {
      email,
      password1: 'two machines',
      password2: 'two machines',
    });
    expect(signedUp.status).toBe(201);
    const code = codeIn(await topology.waitForMail(email));
    expect(
      (await api.post('/api/account/verify-email-code', { verification_code: code })).status,
    ).toBe(200);
    expect((await api.logOut()).status).toBe(200);
    expect((await api.get('/api/auth/user')).status).toBe(401);
    const loggedIn = await api.post('/api/auth/log-in', { email, password: 'two machines' });
    expect(loggedIn.status).toBe(200);
    const userUuid = (await api.get('/api/auth/user')).body.user.user_uuid as string;

    // A picture (one multipart request) and a track in tus chunks that alternate instances.
    const image = await uploadImage(api, fixture('images/truchet-1000.jpg'), {
      image_type: 'album_art',
    });
    expect(image.status).toBe(201);
    const imageUuid = image.body.image.image_uuid as string;
    expect((await waitForImage(api, imageUuid)).status).toBe('COMPLETE');

    const track = await readFile(fixture('audio/intro-30s.wav'));
    const route = uploadTargets(topology, api);
    const upload = await uploadAudioSpread(route.api, track, route.targets, {
      fileName: 'intro-30s.wav',
      chunkBytes: 1024 * 1024,
    });
    // Every chunk taken where it was sent (tus on S3 with the shared lock: any instance).
    const sent = upload.chunks.map((c) => `${c.status} ${c.target} @${c.offset}`);
    expect(upload.retries, sent.join('\n')).toBe(0);
    const accepted = new Set(upload.chunks.filter((c) => c.status === 204).map((c) => c.target));
    expect(accepted).toEqual(new Set(route.targets));
    expect(upload.finalize.status, JSON.stringify(upload.finalize.body)).toBe(200);
    expect(upload.finalize.body.duplicate).toBe(false);
    expect((await waitForAudio(api, upload.audioUuid)).core_processing_status).toBe('COMPLETE');
    const stored = await readAll(
      await topology.storage.get(audioKeys(userUuid, upload.audioUuid).original),
    );
    expect(sha256(stored)).toBe(upload.sha256);

    // One render, finished once: one worker logged it, the bucket holds its two files.
    const created = await createRender(api, 'single-frame', upload.audioUuid, {
      template: 'cover-on-blur',
      width: 1080,
      height: 1080,
      album_art_image_uuid: imageUuid,
    });
    expect(created.status).toBe(201);
    const renderId = renderIdOf(created.body);
    const { last } = await waitForRender(api, 'single-frame', renderId);
    expect(last.render_status).toBe('VIDEO READY');
    const keys = renderKeys(userUuid, renderId);
    expect(await topology.listObjects(keys.folder)).toEqual([keys.thumbnail, keys.video].sort());
    const completions = topology
      .workerOutput()
      .split('\n')
      .filter((line) => line.includes(renderId) && line.includes('"msg":"render complete"'));
    expect(completions).toHaveLength(1);
    const video = await fetchBytes(api, last.vidInfo.video_url);
    expect(video.status).toBe(200);

    // Published to YouTube: consent, link, upload job on a worker, the bytes at "YouTube".
    const redirectUri = `${proxy}/media/connected-accounts`;
    const started = await api.get(
      `/api/accounts/yt/authorize-url?redirectUri=${encodeURIComponent(redirectUri)}&purpose=link`,
    );
    expect(started.status).toBe(200);
    const consent = await google.approve(started.body.url);
    const linked = await api.post('/api/accounts/yt/add-channel', {
      code: consent.code,
      redirectUri,
      state: consent.state,
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const published = await api.post('/api/music-videos/upload-video-yt', {
      upload_uuid: renderId,
      channel_id: linked.body.channel.channel_id,
      upload_config: {
        title: 'Two machines',
        description: 'Made with Waveframe.',
        tags: [],
        privacy: 'unlisted',
        publish_at: null,
        category_id: '10',
        made_for_kids: false,
        thumbnail: { source: 'render' },
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const entry = await waitFor('the YouTube upload to end', async () => {
      const answer = await api.post('/api/accounts/yt/query-yt-uploads-status', {
        entry_uuids: [published.body.entry_uuid],
      });
      const item = answer.body.entries[0];
      return item.yt_upload_status === 'PENDING' ? undefined : item;
    });
    expect(entry.yt_upload_status).toBe('SUCCESS');
    expect(google.videos.get(entry.entry.youtube_video_id)?.sha256).toBe(sha256(video.bytes));

    // A subscription: the payment confirmed as Stripe.js does, the plan applied by the webhook.
    const creator = findPlan('plan_tier_one_monthly')!;
    const subscribed = await api.post('/api/payment/subscribe', {
      stripeToken: 'pm_card_visa',
      plan: creator.id,
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    const confirmed = await stripe.confirmAsBrowser(subscribed.body.client_secret, 'pm_card_visa');
    expect(confirmed.body.status).toBe('succeeded');
    await stripe.idle();
    const plan = await waitFor('the plan to change', async () => {
      const answer = (await api.get('/api/payment/plan')).body;
      return answer.plan === creator.id ? answer : undefined;
    });
    expect(plan).toMatchObject({ is_premium: true, billing_status: 'active' });

    // The proxy spread the calls over both instances, and none of them failed at the proxy.
    const log = await topology.accessLog();
    const upstreams = new Set(log.map((line) => line.split(' ')[1]));
    expect(upstreams).toContain(first);
    expect(upstreams).toContain(second);
    expect(log.filter((line) => /^50[234] /.test(line))).toEqual([]);
  });
});
