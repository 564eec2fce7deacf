// The release kit calls (/api/release-kits), one function each, with the shapes of
// core/render/kit-api-types.ts. Errors are ApiError (api-error.ts): 402 NoCreditsRemaining when
// the kit costs more than the user has, 404 NotFound for another user's or an unknown kit,
// 409 AudioNotReady, 400 InvalidData.
import type {
  CreateKitRequest,
  KitHookResponse,
  KitPriceResponse,
  KitResponse,
  KitsResponse,
  PublishKitRequest,
  PublishKitResponse,
  ReleaseKit,
} from '../../core/render/kit-api-types';
import type { KitOutput } from '../../core/render/release-kit';
import { api, type RequestOptions } from './client';

export type {
  CreateKitRequest,
  KitHook,
  KitHookResponse,
  KitPartStatus,
  KitPartView,
  KitPrice,
  KitStatus,
  PublishKitRequest,
  ReleaseKit,
} from '../../core/render/kit-api-types';

export const RELEASE_KITS_API = '/api/release-kits';

type CallOptions = Pick<RequestOptions, 'signal'>;

/**
 * The track's bar lines, peaks and proposed hook; with `startSeconds`, the hook from the bar line
 * nearest it; `seconds` is the hook's length (15-60, whole bars nearest it).
 */
export function fetchKitHook(
  query: { audioUuid: string; startSeconds?: number; seconds?: number },
  options?: CallOptions,
): Promise<KitHookResponse> {
  const params = new URLSearchParams({ audio_uuid: query.audioUuid });
  if (query.startSeconds !== undefined) params.set('start_seconds', String(query.startSeconds));
  if (query.seconds !== undefined) params.set('seconds', String(query.seconds));
  return api.get<KitHookResponse>(`${RELEASE_KITS_API}/hook?${params.toString()}`, options);
}

/** What a kit of these outputs costs, and whether the user has it. */
export function fetchKitPrice(
  outputs: readonly KitOutput[],
  options?: CallOptions,
): Promise<KitPriceResponse> {
  const params = new URLSearchParams({ outputs: outputs.join(',') });
  return api.get<KitPriceResponse>(`${RELEASE_KITS_API}/price?${params.toString()}`, options);
}

/** Queues every part of a kit (402 NoCreditsRemaining before anything is queued when short). */
export async function createKit(request: CreateKitRequest): Promise<ReleaseKit> {
  return (await api.post<KitResponse>(RELEASE_KITS_API, request)).kit;
}

/** The user's kits, newest first. */
export async function fetchKits(options?: CallOptions): Promise<ReleaseKit[]> {
  return (await api.get<KitsResponse>(RELEASE_KITS_API, options)).kits;
}

/** One kit with each part's state (404 NotFound). */
export async function fetchKit(kitUuid: string, options?: CallOptions): Promise<ReleaseKit> {
  return (await api.get<KitResponse>(`${RELEASE_KITS_API}/${encodeURIComponent(kitUuid)}`, options))
    .kit;
}

/** Publishes the full video and/or the vertical hook (as a Short) to one linked channel. */
export function publishKit(
  kitUuid: string,
  request: PublishKitRequest,
): Promise<PublishKitResponse> {
  return api.post<PublishKitResponse>(
    `${RELEASE_KITS_API}/${encodeURIComponent(kitUuid)}/publish`,
    request,
  );
}
