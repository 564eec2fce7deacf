import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  AuthorizedChannelsResponse,
  UploadEntriesResponse,
  UploadsStatusResponse,
} from '../../core/publishing/api-types';
import { PRIVACY_LEVELS } from '../../core/publishing/upload-config';
import { requireUser } from '../http/authentication';
import {
  addChannel,
  authorizedChannels,
  authorizeUrl,
  disconnectChannel,
  productChannel,
  subscribeToProduct,
  type PublishingContext,
} from '../services/publishing/channels.service';
import {
  createUpload,
  getUpload,
  listUploads,
  publishTarget,
  uploadsStatus,
  lyricsChoiceBody,
  type UploadCall,
} from '../services/publishing/uploads.service';

const channelId = z.string({ error: 'channel_id is needed' }).min(1).max(100);

/** upload_config of the upload-video-yt calls: its shape here, YouTube's rules in core. */
export const uploadConfigBody = z.object({
  title: z.string({ error: 'upload_config.title is needed' }).max(1000),
  description: z.string().max(20_000).default(''),
  tags: z.array(z.string().max(500)).max(100).default([]),
  privacy: z.enum(PRIVACY_LEVELS, { error: 'privacy must be private, unlisted or public' }),
  publish_at: z.string().max(100).nullable().default(null),
  category_id: z.string().max(10).default('10'),
  made_for_kids: z.boolean({ error: 'made_for_kids must be true or false' }),
  thumbnail: z
    .discriminatedUnion('source', [
      z.object({ source: z.literal('render') }),
      z.object({ source: z.literal('none') }),
      z.object({
        source: z.literal('image'),
        image_uuid: z.uuid('image_uuid must be an image id'),
      }),
    ])
    .default({ source: 'render' }),
  /** The lyrics the video shows (issue 27): a caption track, and the description. */
  lyrics: lyricsChoiceBody,
});

/** The three upload-video-yt calls (spec 7): the id field is the call's own. */
function registerUploadVideoYt(
  app: FastifyInstance,
  context: PublishingContext,
  call: UploadCall,
): void {
  const idField = call === 'videos' ? 'video_uuid' : 'upload_uuid';
  const body = z.object({
    id: z.string({ error: `${idField} is needed` }).max(100),
    channel_id: channelId,
    upload_config: uploadConfigBody,
  });
  const path =
    call === 'videos'
      ? '/api/videos/upload-video-yt'
      : call === 'visualizers'
        ? '/api/visualizers/upload-video-yt'
        : '/api/music-videos/upload-video-yt';
  app.post(path, async (request, reply) => {
    const user = await requireUser(request);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const input = body.parse({ ...raw, id: raw[idField] });
    const created = await createUpload(context, user, call, input);
    return reply.status(201).send(created);
  });
}

/**
 * Spec section 7, Video-service channels (/api/accounts/yt), plus the calls the pages need, and
 * the upload-video-yt calls of Visualizers, Single-frame and Videos (all of publishing in one place).
 */
export function youtubeRoutes(context: PublishingContext) {
  return async (app: FastifyInstance) => {
    registerUploadVideoYt(app, context, 'visualizers');
    registerUploadVideoYt(app, context, 'music-videos');
    registerUploadVideoYt(app, context, 'videos');

    app.get('/api/accounts/yt/authorize-url', async (request) => {
      const user = await requireUser(request);
      const query = z
        .object({
          redirectUri: z.string({ error: 'redirectUri is needed' }).max(2000),
          purpose: z.enum(['link', 'subscribe', 'captions']).default('link'),
        })
        .parse(request.query ?? {});
      return authorizeUrl(context, user, query);
    });

    app.post('/api/accounts/yt/add-channel', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({
          code: z.string({ error: 'code is needed' }).min(1).max(2000),
          redirectUri: z.string({ error: 'redirectUri is needed' }).max(2000),
          state: z.string({ error: 'state is needed' }).max(2000),
        })
        .parse(request.body ?? {});
      return addChannel(context, user, body);
    });

    app.get('/api/accounts/yt/get-authorized-channels', async (request) => {
      const user = await requireUser(request);
      return (await authorizedChannels(context, user)) satisfies AuthorizedChannelsResponse;
    });

    app.delete('/api/accounts/yt/disconnect-channel', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ channel_id: channelId }).parse(request.body ?? {});
      return disconnectChannel(context, user, body.channel_id);
    });

    // {product}-subscribe (spec 7): the product is Waveframe.
    app.post('/api/accounts/yt/waveframe-subscribe', async (request) => {
      const user = await requireUser(request);
      const body = z.object({ channel_id: channelId }).parse(request.body ?? {});
      return subscribeToProduct(context, user, body.channel_id);
    });

    app.get('/api/accounts/yt/product-channel', async (request) => {
      await requireUser(request);
      return productChannel(context);
    });

    app.get('/api/accounts/yt/query-yt-uploads', async (request) => {
      const user = await requireUser(request);
      return { uploads: await listUploads(context, user) } satisfies UploadEntriesResponse;
    });

    app.get('/api/accounts/yt/query-yt-upload/:id', async (request) => {
      const user = await requireUser(request);
      const { id } = z.object({ id: z.string().max(100) }).parse(request.params);
      return getUpload(context, user, id);
    });

    app.post('/api/accounts/yt/query-yt-uploads-status', async (request) => {
      const user = await requireUser(request);
      const body = z
        .object({ entry_uuids: z.array(z.string().max(100)).max(500) })
        .parse(request.body ?? {});
      return {
        entries: await uploadsStatus(context, user, body.entry_uuids),
      } satisfies UploadsStatusResponse;
    });

    app.get('/api/accounts/yt/publish-target/:id', async (request) => {
      const user = await requireUser(request);
      const { id } = z.object({ id: z.string().max(100) }).parse(request.params);
      return publishTarget(context, user, id);
    });
  };
}
