import type { FastifyInstance } from 'fastify';
import type {
  KitHookResponse,
  KitPriceResponse,
  KitResponse,
  KitsResponse,
  PublishKitResponse,
} from '../../core/render/kit-api-types';
import { requireUser } from '../http/authentication';
import { sendStoredObject } from '../http/send-stored-object';
import { HookSearch } from '../services/renders/hook-search';
import { publishKit, publishKitBody } from '../services/renders/kit-publishing';
import { KIT_API, kitView } from '../services/renders/kit-view';
import {
  createKit,
  createKitBody,
  getKit,
  kitFile,
  kitHookQuery,
  kitPriceQuery,
  kitZip,
  listKits,
  priceOfKit,
  trackHook,
} from '../services/renders/release-kits.service';
import type { RenderContext } from '../services/renders/renders.service';

/** Release kits (not in the spec; documented in docs/api.md and docs/release-kit.md). */
export function releaseKitsRoutes(context: RenderContext) {
  return async (app: FastifyInstance) => {
    // Hook searches run in threads of their own, and their answers are kept per track.
    const hooks = new HookSearch();
    app.addHook('onClose', () => hooks.close());

    app.get(`${KIT_API}/hook`, async (request) => {
      const user = await requireUser(request);
      return (await trackHook(
        context,
        hooks,
        user,
        kitHookQuery.parse(request.query ?? {}),
      )) satisfies KitHookResponse;
    });

    app.get(`${KIT_API}/price`, async (request) => {
      const user = await requireUser(request);
      const { outputs } = kitPriceQuery.parse(request.query ?? {});
      return (await priceOfKit(context, user, outputs)) satisfies KitPriceResponse;
    });

    app.post(KIT_API, async (request, reply) => {
      const user = await requireUser(request);
      const kit = await createKit(context, hooks, user, createKitBody.parse(request.body ?? {}));
      const { renders } = await getKit(context, user, kit.id);
      return reply.status(201).send({ kit: kitView(kit, renders) } satisfies KitResponse);
    });

    app.get(KIT_API, async (request) => {
      const user = await requireUser(request);
      const now = Date.now();
      const kits = await listKits(context, user);
      return {
        kits: kits.map(({ kit, renders }) => kitView(kit, renders, now)),
      } satisfies KitsResponse;
    });

    app.get<{ Params: { kitId: string } }>(`${KIT_API}/:kitId`, async (request) => {
      const user = await requireUser(request);
      const { kit, renders } = await getKit(context, user, request.params.kitId);
      return { kit: kitView(kit, renders) } satisfies KitResponse;
    });

    app.get<{ Params: { kitId: string; output: string }; Querystring: { download?: string } }>(
      `${KIT_API}/:kitId/files/:output`,
      async (request, reply) => {
        const user = await requireUser(request);
        const file = await kitFile(context, user, request.params.kitId, request.params.output);
        const download = ['1', 'true'].includes(request.query.download ?? '');
        reply.header('cache-control', 'private, no-cache');
        return sendStoredObject(reply, context.storage, file.key, {
          contentType: file.contentType,
          rangeHeader: request.headers.range,
          ...(download ? { downloadName: file.name } : {}),
        });
      },
    );

    app.get<{ Params: { kitId: string } }>(`${KIT_API}/:kitId/zip`, async (request, reply) => {
      const user = await requireUser(request);
      const { name, archive } = await kitZip(context, user, request.params.kitId);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="${name}"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(archive);
    });

    app.post<{ Params: { kitId: string } }>(`${KIT_API}/:kitId/publish`, async (request) => {
      const user = await requireUser(request);
      const body = publishKitBody.parse(request.body ?? {});
      const uploads = await publishKit(context, user, request.params.kitId, body);
      return { uploads } satisfies PublishKitResponse;
    });
  };
}
