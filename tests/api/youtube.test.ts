// Publishing to YouTube against the real server (issue 13): the real google-auth-library and
// @googleapis/youtube clients talk to a local server that speaks Google's OAuth and the YouTube
// Data API (tests/support/google-stand-in.ts) and injects its faults: a connection dropped at
// 40 % of the bytes, a 503, an expired access token, quotaExceeded, a revoke that fails.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { AppContext } from '../../server/context';
import { presetDesign } from '../../core/particles/presets';
import { youtubeChannels, youtubeUploads } from '../../server/db/schema';
import { findUserById } from '../../server/repositories/users.repository';
import { createUpload } from '../../server/services/publishing/uploads.service';
import { embeddedBackend, postgresBackend } from '../support/backends';
import { startGoogleStandIn, type GoogleStandIn } from '../support/google-stand-in';
import { CONNECTED, linkChannel, waitForUpload } from '../support/youtube-client';
import {
  SEPARATE_WORKERS_ENV,
  startApiAlone,
  startInProcessServer,
  type InProcessServer,
} from '../support/in-process-server';
import { uploadVideo, waitForVideo } from '../support/media-client';
import { codeIn, readOutbox, waitForMail } from '../support/outbox';
import {
  createRender,
  fetchBytes,
  imageOf,
  renderIdOf,
  signUp,
  trackOf,
  waitForRender,
  type Account,
} from '../support/renders-client';
import { startProcess } from '../support/server-process';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

vi.setConfig({ testTimeout: 240_000 });

const SMALL_VISUALIZER = { template: 'mirrored-bars', width: 1080, height: 1080, fps: 30 };
const STILL = { template: 'cover-on-blur', width: 1080, height: 1080 };

const uploadConfig = (changes: Record<string, unknown> = {}) => ({
  title: 'Night Drive (visualizer)',
  description: 'Made with Waveframe.',
  tags: ['synthwave', 'night drive'],
  privacy: 'unlisted',
  publish_at: null,
  category_id: '10',
  made_for_kids: false,
  thumbnail: { source: 'render' },
  ...changes,
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A finished visualizer of the account; answers its id and the MP4's bytes. */
async function finishedVisualizer(account: Account) {
  const audio = await trackOf(account.api);
  const created = await createRender(account.api, 'visualizer', audio, SMALL_VISUALIZER);
  expect(created.status).toBe(201);
  const id = renderIdOf(created.body);
  const { last } = await waitForRender(account.api, 'visualizer', id);
  expect(last.status).toBe('COMPLETE');
  const video = await fetchBytes(account.api, last.vizInfo.video_url);
  return { id, audio, bytes: video.bytes };
}

describe.each(embeddedBackend)('YouTube publishing on $name', (backend) => {
  let standIn: GoogleStandIn;
  let server: InProcessServer;
  let prepared: Awaited<ReturnType<(typeof backend)['prepare']>>;
  let owner: Account;
  let visualizer: Awaited<ReturnType<typeof finishedVisualizer>>;

  beforeAll(async () => {
    standIn = await startGoogleStandIn();
    prepared = await backend.prepare();
    server = await startInProcessServer({
      ...prepared.env,
      ...standIn.env,
      // Small chunks: a short test video still goes up in many requests.
      YOUTUBE_UPLOAD_CHUNK_KIB: '256',
    });
    owner = await signUp(server.url);
    visualizer = await finishedVisualizer(owner);
  });

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    await prepared?.remove();
  });

  afterEach(() => standIn.resetFaults());

  test('links a channel through the consent, keeps its grant sealed, refuses a bad state', async () => {
    const stranger = await signUp(server.url);
    // A state signed for another user, a forged one, and a reused code are refused.
    const started = await stranger.api.get(
      `/api/accounts/yt/authorize-url?redirectUri=${encodeURIComponent(CONNECTED)}`,
    );
    const consent = await standIn.approve(started.body.url);
    const stolen = await owner.api.post('/api/accounts/yt/add-channel', {
      code: consent.code,
      redirectUri: CONNECTED,
      state: consent.state,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({
      exc: 'InvalidState',
      message: 'This connection was not started here or has expired. Connect the channel again.',
    });
    const forged = await stranger.api.post('/api/accounts/yt/add-channel', {
      code: consent.code,
      redirectUri: CONNECTED,
      state: `${consent.state.split('.')[0]}.AAAA`,
    });
    expect(forged.body.exc).toBe('InvalidState');
    // A consent may only return to the app's own pages.
    const elsewhere = await owner.api.get(
      `/api/accounts/yt/authorize-url?redirectUri=${encodeURIComponent('https://evil.example/cb')}`,
    );
    expect(elsewhere.status).toBe(400);
    expect((await server.context.db.select().from(youtubeChannels)).length).toBe(0);

    const linked = await linkChannel(standIn, owner.api);
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      purpose: 'link',
      channel: {
        channel_id: 'UCstandInBeats000000000001',
        channel_title: 'Stand-in Beats',
        can_subscribe: false,
      },
    });
    const listed = await owner.api.get('/api/accounts/yt/get-authorized-channels');
    expect(listed.body.configured).toBe(true);
    expect(listed.body.channels.map((c: { channel_title: string }) => c.channel_title)).toEqual([
      'Stand-in Beats',
    ]);
    // The refresh token is stored sealed: nothing of it is readable in the database.
    const [row] = await server.context.db
      .select()
      .from(youtubeChannels)
      .where(eq(youtubeChannels.userUuid, owner.userUuid));
    expect(row!.refreshTokenSealed).toMatch(/^v1\./);
    const issued = [...standIn.requests].filter((r) => r.path === '/token').length;
    expect(issued).toBeGreaterThan(0);
    expect(row!.refreshTokenSealed).not.toMatch(/standin|refresh/i);

    // The stranger's own consent links for the stranger; the same code again is refused by Google.
    const theirs = await stranger.api.post('/api/accounts/yt/add-channel', {
      code: consent.code,
      redirectUri: CONNECTED,
      state: consent.state,
    });
    expect(theirs.status).toBe(200);
    const again = await stranger.api.post('/api/accounts/yt/add-channel', {
      code: consent.code,
      redirectUri: CONNECTED,
      state: consent.state,
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      exc: 'InvalidGrant',
      message: 'Google did not accept this sign-in. Connect the channel again.',
    });
    expect(
      (await stranger.api.get('/api/accounts/yt/get-authorized-channels')).body.channels,
    ).toHaveLength(1);
    // Each user's link is their own: the owner's list holds one, with the owner's grant.
    const links = await server.context.db.select().from(youtubeChannels);
    expect(links).toHaveLength(2);
    expect(new Set(links.map((link) => link.refreshTokenSealed)).size).toBe(2);

    // A Google account without a channel links nothing, and its grant is given back.
    standIn.addAccount({ email: 'listener@example.com', channel: null });
    const revokedBefore = standIn.revokedTokens.length;
    const none = await linkChannel(standIn, stranger.api, { email: 'listener@example.com' });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      exc: 'NoChannel',
      message:
        'This Google account has no YouTube channel. Create one on YouTube, then connect again.',
    });
    expect(standIn.revokedTokens.length).toBe(revokedBefore + 1);
  });

  test('publishes a visualizer through a dropped connection, a 503 and an expired token', async () => {
    const channels = (await owner.api.get('/api/accounts/yt/get-authorized-channels')).body;
    const channelId = channels.channels[0].channel_id as string;
    const videosBefore = standIn.videos.size;
    const sessionsBefore = standIn.sessionsCreated;
    const refreshesBefore = standIn.refreshes;
    standIn.dropAtFraction(0.4);
    standIn.fail503Once();
    standIn.expireAccessTokenOnce();

    const answer = await owner.api.post('/api/visualizers/upload-video-yt', {
      upload_uuid: visualizer.id,
      channel_id: channelId,
      upload_config: uploadConfig(),
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ entry_uuid: expect.any(String), yt_upload_status: 'PENDING' });
    const { last, seen } = await waitForUpload(owner.api, answer.body.entry_uuid);
    expect(last.yt_upload_status).toBe('SUCCESS');
    expect(seen.some((s) => s.yt_upload_status === 'PENDING' && s.entry.percent_complete > 0)).toBe(
      true,
    );

    // Exactly one video, one session, holding the file's bytes exactly.
    expect(standIn.videos.size).toBe(videosBefore + 1);
    expect(standIn.sessionsCreated).toBe(sessionsBefore + 1);
    const video = standIn.videos.get(last.entry.youtube_video_id)!;
    expect(video.sha256).toBe(sha256(visualizer.bytes));
    expect(video.channelId).toBe(channelId);
    expect(video.snippet).toMatchObject({
      title: 'Night Drive (visualizer)',
      description: 'Made with Waveframe.',
      tags: ['synthwave', 'night drive'],
      categoryId: '10',
    });
    expect(video.status).toMatchObject({
      privacyStatus: 'unlisted',
      selfDeclaredMadeForKids: false,
    });
    // The faults really happened: a dropped PUT, a 503, a refresh after the 401.
    expect(standIn.requests.some((r) => r.method === 'PUT' && r.status === 0)).toBe(true);
    expect(standIn.requests.some((r) => r.method === 'PUT' && r.status === 503)).toBe(true);
    expect(standIn.requests.some((r) => r.status === 401)).toBe(true);
    expect(standIn.refreshes).toBeGreaterThan(refreshesBefore + 1);
    // The render's thumbnail, as a JPEG.
    expect(video.thumbnail?.contentType).toBe('image/jpeg');
    expect(video.thumbnail?.bytes.subarray(0, 2).toString('hex')).toBe('ffd8');

    const entry = (await owner.api.get(`/api/accounts/yt/query-yt-upload/${last.entry_uuid}`)).body;
    expect(entry).toMatchObject({
      yt_upload_status: 'SUCCESS',
      channel_title: 'Stand-in Beats',
      target_kind: 'visualizer',
      target_uuid: visualizer.id,
      percent_complete: 100,
      bytes_sent: visualizer.bytes.length,
      bytes_total: visualizer.bytes.length,
      youtube_url: `https://www.youtube.com/watch?v=${video.id}`,
      thumbnail_result: 'SET',
      reason: null,
    });
    const list = (await owner.api.get('/api/accounts/yt/query-yt-uploads')).body.uploads;
    expect(list.map((u: { entry_uuid: string }) => u.entry_uuid)).toContain(last.entry_uuid);
    // The user's preferences allow render mails (the default): a mail says it is published.
    const mail = await waitFor(
      'the published mail',
      async () =>
        (await readOutbox(server.dataDir, owner.email)).find(
          (m) => m.subject === 'Published on YouTube: Night Drive (visualizer)',
        ),
      20_000,
      100,
    );
    expect(mail.text).toContain(
      '"Night Drive (visualizer)" is on your channel Stand-in Beats now.',
    );
  });

  test('a quota error ends the upload FAILED with a reason, without retrying forever', async () => {
    const channelId = 'UCstandInBeats000000000001';
    standIn.quotaExceeded(true);
    const videosBefore = standIn.videos.size;
    const answer = await owner.api.post('/api/visualizers/upload-video-yt', {
      upload_uuid: visualizer.id,
      channel_id: channelId,
      upload_config: uploadConfig({ title: 'Over quota' }),
    });
    expect(answer.status).toBe(201);
    const { last } = await waitForUpload(owner.api, answer.body.entry_uuid, 30_000);
    expect(last.yt_upload_status).toBe('FAILED');
    expect(last.entry.reason).toBe(
      'YouTube’s daily upload allowance for Waveframe is used up. Try again tomorrow.',
    );
    expect(standIn.videos.size).toBe(videosBefore);
    const job = await server.context.queue.getJob('youtube-upload', answer.body.entry_uuid);
    expect(job?.state).not.toBe('retry');
  });

  test('single-frame: published while it renders, both sides end; a library clip; a library thumbnail', async () => {
    const channelId = 'UCstandInBeats000000000001';
    const image = await imageOf(owner.api);
    const created = await createRender(owner.api, 'single-frame', visualizer.audio, STILL);
    const stillId = renderIdOf(created.body);
    // Asked for at once: the job waits for the render (spec 4: a task ends when both sides do).
    const answer = await owner.api.post('/api/music-videos/upload-video-yt', {
      upload_uuid: stillId,
      channel_id: channelId,
      upload_config: uploadConfig({
        title: 'Still',
        thumbnail: { source: 'image', image_uuid: image },
      }),
    });
    expect(answer.status).toBe(201);
    const statusNow = (
      await owner.api.post('/api/music-videos/render-tasks-status', { tasks: [stillId] })
    ).body.tasks[0];
    expect(['UPLOADING', 'UPLOAD COMPLETE']).toContain(statusNow.upload_status);
    const { last } = await waitForUpload(owner.api, answer.body.entry_uuid);
    expect(last.yt_upload_status).toBe('SUCCESS');
    const listed = (await owner.api.get('/api/music-videos/get-user-static-videos')).body.videos;
    const still = listed.find((v: { upload_uuid: string }) => v.upload_uuid === stillId);
    expect(still).toMatchObject({
      render_status: 'VIDEO READY',
      upload_status: 'UPLOAD COMPLETE',
      yt_upload: { entry_uuid: answer.body.entry_uuid, yt_upload_status: 'SUCCESS' },
    });
    const stillBytes = await fetchBytes(owner.api, still.vidInfo.video_url);
    const published = standIn.videos.get(last.entry.youtube_video_id)!;
    expect(published.sha256).toBe(sha256(stillBytes.bytes));
    // The library picture, cut to a 16:9 JPEG.
    expect(published.thumbnail?.contentType).toBe('image/jpeg');

    // A clip of the video library goes through the Videos call.
    const { final } = await uploadVideo(owner.api, visualizer.bytes, 'night-drive.mp4');
    const videoUuid = final!.body.video.video_uuid as string;
    expect((await waitForVideo(owner.api, videoUuid)).processing_status).toBe('COMPLETE');
    const target = (await owner.api.get(`/api/accounts/yt/publish-target/${videoUuid}`)).body;
    expect(target).toMatchObject({ kind: 'video', ready: true, title: 'night-drive' });
    const clip = await owner.api.post('/api/videos/upload-video-yt', {
      video_uuid: videoUuid,
      channel_id: channelId,
      upload_config: uploadConfig({
        title: 'Clip',
        privacy: 'private',
        thumbnail: { source: 'none' },
      }),
    });
    expect(clip.status).toBe(201);
    const clipDone = await waitForUpload(owner.api, clip.body.entry_uuid);
    expect(clipDone.last.yt_upload_status).toBe('SUCCESS');
    const clipVideo = standIn.videos.get(clipDone.last.entry.youtube_video_id)!;
    expect(clipVideo.sha256).toBe(sha256(visualizer.bytes));
    expect(clipVideo.thumbnail).toBeNull();
    expect(clipDone.last.entry.thumbnail_result).toBeNull();
  });

  test('a Canvas and a particle video go through the Videos call; the Visualizers call refuses them', async () => {
    const channelId = 'UCstandInBeats000000000001';
    const draft = await owner.api.post('/api/canvas-videos/draft-render-video', {
      configuration: { template: 'slow-zoom', width: 720, height: 1280, fps: 24 },
      seconds: 3,
    });
    expect(draft.status).toBe(201);
    const canvasId = draft.body.video.upload_uuid as string;
    expect(
      (await owner.api.post('/api/canvas-videos/finalize-video-render', { videoId: canvasId }))
        .status,
    ).toBe(200);
    const design = { ...presetDesign('snow'), name: 'Light snow' };
    (design.options as { particles: { number: { value: number } } }).particles.number.value = 60;
    const particles = await owner.api.post('/api/elements/init-particle-system-render', {
      audio_uuid: visualizer.audio,
      design,
      size: '1:1',
      fps: 30,
    });
    expect(particles.status).toBe(201);
    const particlesId = particles.body.task.task_uuid as string;
    // Asked for the moment it is queued, the Canvas is not finished: refused, nothing queued.
    const early = await owner.api.post('/api/videos/upload-video-yt', {
      video_uuid: canvasId,
      channel_id: channelId,
      upload_config: uploadConfig(),
    });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      exc: 'VideoNotReady',
      message: 'This video is not finished yet. Publish it once it is ready.',
    });

    for (const [id, kind] of [
      [canvasId, 'canvas'],
      [particlesId, 'particles'],
    ] as const) {
      const target = await waitFor(
        `the ${kind} render to finish`,
        async () => {
          const answer = (await owner.api.get(`/api/accounts/yt/publish-target/${id}`)).body;
          return answer.state === 'rendering' ? undefined : answer;
        },
        180_000,
        250,
      );
      expect(target).toMatchObject({ kind, ready: true, state: 'ready' });
      const wrongCall = await owner.api.post('/api/visualizers/upload-video-yt', {
        upload_uuid: id,
        channel_id: channelId,
        upload_config: uploadConfig(),
      });
      expect(wrongCall.status).toBe(404);
      const answer = await owner.api.post('/api/videos/upload-video-yt', {
        video_uuid: id,
        channel_id: channelId,
        upload_config: uploadConfig({ title: `A ${kind} video` }),
      });
      expect(answer.status).toBe(201);
      const { last } = await waitForUpload(owner.api, answer.body.entry_uuid);
      expect(last.yt_upload_status).toBe('SUCCESS');
      expect(last.entry.target_kind).toBe(kind);
      const bytes = await fetchBytes(owner.api, target.video_url);
      expect(standIn.videos.get(last.entry.youtube_video_id)!.sha256).toBe(sha256(bytes.bytes));
    }
  });

  test('bad requests are refused with a reason, and nothing is stored or queued', async () => {
    const channelId = 'UCstandInBeats000000000001';
    const before = await server.context.db.select().from(youtubeUploads);
    const refused = async (path: string, body: Record<string, unknown>) =>
      owner.api.post(path, body);
    const cases: [string, Record<string, unknown>, number, string][] = [
      [
        '/api/visualizers/upload-video-yt',
        {
          upload_uuid: visualizer.id,
          channel_id: channelId,
          upload_config: uploadConfig({ title: ' ' }),
        },
        400,
        'Give the video a title.',
      ],
      [
        '/api/visualizers/upload-video-yt',
        {
          upload_uuid: visualizer.id,
          channel_id: channelId,
          upload_config: uploadConfig({ publish_at: '2031-01-01T10:00:00Z', privacy: 'public' }),
        },
        400,
        'A scheduled video stays private until its publish time: choose Private to schedule it.',
      ],
      [
        '/api/visualizers/upload-video-yt',
        { upload_uuid: visualizer.id, channel_id: 'UCnotMine', upload_config: uploadConfig() },
        404,
        'No channel with this id is linked to your account.',
      ],
      [
        '/api/music-videos/upload-video-yt',
        { upload_uuid: visualizer.id, channel_id: channelId, upload_config: uploadConfig() },
        404,
        'We could not find this video.',
      ],
      [
        '/api/visualizers/upload-video-yt',
        { upload_uuid: visualizer.id, channel_id: channelId, upload_config: { title: 'x' } },
        400,
        '',
      ],
    ];
    for (const [path, body, status, message] of cases) {
      const answer = await refused(path, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      if (message) expect(answer.body.message).toBe(message);
    }
    expect(await server.context.db.select().from(youtubeUploads)).toEqual(before);
  });

  test('an entry whose job is gone for good ends FAILED with a reason when next read', async () => {
    const channel = (
      await server.context.db
        .select()
        .from(youtubeChannels)
        .where(eq(youtubeChannels.userUuid, owner.userUuid))
    )[0]!;
    // As left by a job whose every attempt's worker died: PENDING, with no job behind it.
    const [orphan] = await server.context.db
      .insert(youtubeUploads)
      .values({
        userUuid: owner.userUuid,
        channelRowId: channel.id,
        channelId: channel.channelId,
        channelTitle: channel.channelTitle,
        targetKind: 'visualizer',
        targetUuid: visualizer.id,
        uploadConfig: uploadConfig(),
        status: 'PENDING',
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    const read = (await owner.api.get(`/api/accounts/yt/query-yt-upload/${orphan!.entryUuid}`))
      .body;
    expect(read).toMatchObject({
      yt_upload_status: 'FAILED',
      reason: 'The upload stopped unexpectedly. Please try again.',
    });
  });

  test('another user sees none of it: channels, videos and uploads are NotFound', async () => {
    const stranger = await signUp(server.url);
    const mine = (await owner.api.get('/api/accounts/yt/query-yt-uploads')).body.uploads;
    const entry = mine[0].entry_uuid as string;
    expect((await stranger.api.get(`/api/accounts/yt/query-yt-upload/${entry}`)).status).toBe(404);
    const status = await stranger.api.post('/api/accounts/yt/query-yt-uploads-status', {
      entry_uuids: [entry],
    });
    expect(status.body.entries).toEqual([
      { entry_uuid: entry, yt_upload_status: 'NotFound', entry: null },
    ]);
    expect(
      (await stranger.api.get(`/api/accounts/yt/publish-target/${visualizer.id}`)).status,
    ).toBe(404);
    const disconnect = await stranger.api.delete('/api/accounts/yt/disconnect-channel', {
      channel_id: 'UCstandInBeats000000000001',
    });
    expect(disconnect.status).toBe(404);
    // Their own channel, the owner's video: NotFound, nothing queued.
    expect((await linkChannel(standIn, stranger.api)).status).toBe(200);
    const theirs = await stranger.api.post('/api/visualizers/upload-video-yt', {
      upload_uuid: visualizer.id,
      channel_id: 'UCstandInBeats000000000001',
      upload_config: uploadConfig(),
    });
    expect(theirs.status).toBe(404);
    const subscribe = await stranger.api.post('/api/accounts/yt/waveframe-subscribe', {
      channel_id: 'UCnotLinked',
    });
    expect(subscribe.status).toBe(404);
  });

  test('subscribing asks for the extra permission once, then subscribes the channel', async () => {
    const channelId = 'UCstandInBeats000000000001';
    const first = await owner.api.post('/api/accounts/yt/waveframe-subscribe', {
      channel_id: channelId,
    });
    expect(first.status).toBe(403);
    expect(first.body).toEqual({
      exc: 'ScopeMissing',
      message: 'Allow Waveframe to manage subscriptions for this channel first.',
    });
    const allowed = await linkChannel(standIn, owner.api, { purpose: 'subscribe' });
    expect(allowed.body).toMatchObject({ purpose: 'subscribe', channel: { can_subscribe: true } });
    // Still one link to the channel, with the wider grant.
    const channels = (await owner.api.get('/api/accounts/yt/get-authorized-channels')).body
      .channels;
    expect(channels).toHaveLength(1);
    const subscribed = await owner.api.post('/api/accounts/yt/waveframe-subscribe', {
      channel_id: channelId,
    });
    expect(subscribed.status).toBe(200);
    expect(subscribed.body).toEqual({
      subscribed_channel_id: standIn.env.YOUTUBE_CHANNEL_ID,
      already_subscribed: false,
    });
    expect(standIn.subscriptions).toContainEqual(
      expect.objectContaining({
        subscriberChannelId: channelId,
        channelId: standIn.env.YOUTUBE_CHANNEL_ID,
      }),
    );
    const again = await owner.api.post('/api/accounts/yt/waveframe-subscribe', {
      channel_id: channelId,
    });
    expect(again.body.already_subscribed).toBe(true);
  });

  test('disconnecting revokes the grant; when Google fails, the channel stays linked', async () => {
    const channelId = 'UCstandInBeats000000000001';
    standIn.revokeFails(true);
    const problem = await owner.api.delete('/api/accounts/yt/disconnect-channel', {
      channel_id: channelId,
    });
    expect(problem.status).toBe(502);
    expect(problem.body).toEqual({
      exc: 'ProblemDisconnecting',
      message: 'Problem Disconnecting Channel',
    });
    let channels = (await owner.api.get('/api/accounts/yt/get-authorized-channels')).body.channels;
    expect(channels).toHaveLength(1);

    standIn.revokeFails(false);
    const revokedBefore = standIn.revokedTokens.length;
    const done = await owner.api.delete('/api/accounts/yt/disconnect-channel', {
      channel_id: channelId,
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ channel_id: channelId, channel_title: 'Stand-in Beats' });
    expect(standIn.revokedTokens.length).toBe(revokedBefore + 1);
    channels = (await owner.api.get('/api/accounts/yt/get-authorized-channels')).body.channels;
    expect(channels).toEqual([]);
    // Past uploads keep their channel's name.
    const uploads = (await owner.api.get('/api/accounts/yt/query-yt-uploads')).body.uploads;
    expect(uploads[0].channel_title).toBe('Stand-in Beats');
  });

  test('deleting an account revokes its Google grants first; when Google fails, nothing is deleted', async () => {
    const leaving = await signUp(server.url);
    expect((await linkChannel(standIn, leaving.api)).status).toBe(200);
    expect((await leaving.api.post('/api/account/request-account-deletion')).status).toBe(200);
    const code = codeIn(await waitForMail(server.dataDir, leaving.email, 2));

    standIn.revokeFails(true);
    const refused = await leaving.api.delete('/api/account/confirm-account-deletion', {
      deletion_code: code,
    });
    standIn.revokeFails(false);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      exc: 'ProviderUnavailable',
      message:
        "Google could not be reached to withdraw Waveframe's access to your YouTube channel, so your account has not been deleted. Try again in a few minutes.",
    });
    expect((await leaving.api.get('/api/auth/user')).status).toBe(200);
    expect(
      (await leaving.api.get('/api/accounts/yt/get-authorized-channels')).body.channels,
    ).toHaveLength(1);

    const revokedBefore = standIn.revokedTokens.length;
    const deleted = await leaving.api.delete('/api/account/confirm-account-deletion', {
      deletion_code: code,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(standIn.revokedTokens.length).toBe(revokedBefore + 1);
    expect((await leaving.api.get('/api/auth/user')).status).toBe(401);
  });
});

describe('an installation without YouTube access', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startInProcessServer();
  });
  afterAll(async () => server?.stop());

  test('lists no channels, says so, and refuses to start a consent', async () => {
    const { api } = await signUp(server.url);
    expect((await api.get('/api/accounts/yt/get-authorized-channels')).body).toEqual({
      configured: false,
      channels: [],
    });
    const started = await api.get(
      `/api/accounts/yt/authorize-url?redirectUri=${encodeURIComponent(CONNECTED)}`,
    );
    expect(started.status).toBe(503);
    expect(started.body).toEqual({
      exc: 'YouTubeNotConfigured',
      message:
        'This installation has no YouTube access configured. Ask its operator to set YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET.',
    });
    expect((await api.get('/api/accounts/yt/authorize-url')).status).toBe(400);
  });
});

describe.runIf(postgresBackend)('an upload whose worker is killed, on PostgreSQL', () => {
  let standIn: GoogleStandIn;
  let dataDir: Awaited<ReturnType<typeof makeTempDir>>;
  let prepared: Awaited<ReturnType<NonNullable<typeof postgresBackend>['prepare']>>;
  let api: AppContext;
  let close: () => Promise<void>;
  let url = '';
  let env: Record<string, string>;

  beforeAll(async () => {
    standIn = await startGoogleStandIn();
    dataDir = await makeTempDir('youtube-workers');
    prepared = await postgresBackend!.prepare();
    env = {
      DATA_DIR: dataDir.dir,
      ...SEPARATE_WORKERS_ENV,
      YOUTUBE_UPLOAD_CHUNK_KIB: '256',
      // The API and the workers must share the key that seals refresh tokens.
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
      ...standIn.env,
      ...prepared.env,
    };
    // This process is the API alone (WORKER=off): workers are separate `npm run worker` processes.
    ({ context: api, url, close } = await startApiAlone({ ...env, DATA_DIR: dataDir.dir }));
  });

  afterAll(async () => {
    await close?.();
    await standIn?.close();
    await prepared?.remove();
    await dataDir?.remove();
  });

  test('the next worker resumes the same upload session: one video, the exact bytes', async () => {
    const first = startProcess('server/worker.ts', env);
    let second: ReturnType<typeof startProcess> | null = null;
    try {
      const owner = await signUp(url);
      const visualizer = await finishedVisualizer(owner);
      expect((await linkChannel(standIn, owner.api)).status).toBe(200);
      const user = (await findUserById(api.db, owner.userUuid))!;
      standIn.hangAtFraction(0.4);
      // A short expiry so the test need not wait long for the dead attempt to be noticed; it is
      // still several times this upload's honest time (the rest of an 8 s video, in 256 KiB
      // chunks to a local stand-in), and the second worker takes about as long to start.
      const { entry_uuid: entryUuid } = await createUpload(
        api,
        user,
        'visualizers',
        {
          id: visualizer.id,
          channel_id: 'UCstandInBeats000000000001',
          upload_config: uploadConfig() as never,
        },
        { expireInSeconds: 10 },
      );
      const session = await waitFor(
        'the upload to hang at 40 %',
        async () => {
          const open = [...standIn.uploads.values()].find(
            (upload) => upload.total === visualizer.bytes.length,
          );
          const hanging = standIn.requests.some((r) => r.method === 'PUT' && r.status === 0);
          return open && hanging ? open : undefined;
        },
        60_000,
        100,
      );
      const row = async () =>
        (
          await api.db.select().from(youtubeUploads).where(eq(youtubeUploads.entryUuid, entryUuid))
        )[0]!;
      expect((await row()).sessionUrl).toContain(session.id);
      expect(session.held).toBeGreaterThan(0);
      expect(session.held).toBeLessThan(visualizer.bytes.length * 0.4);
      first.child.kill('SIGKILL');
      await first.exited;
      expect((await row()).status).toBe('PENDING');

      second = startProcess('server/worker.ts', env);
      const done = await waitFor(
        'the upload to finish on the second worker',
        async () => {
          const current = await row();
          return current.status === 'PENDING' ? undefined : current;
        },
        120_000,
        250,
      );
      expect(done.status).toBe('SUCCESS');
      expect(standIn.sessionsCreated).toBe(1);
      expect(standIn.videos.size).toBe(1);
      const video = standIn.videos.get(done.youtubeVideoId!)!;
      expect(video.sha256).toBe(sha256(visualizer.bytes));
    } finally {
      first.child.kill('SIGKILL');
      if (second) expect(await second.stop()).toBe(0);
    }
  }, 300_000);
});
