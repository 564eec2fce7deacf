// The Canvas calls (spec 7: /api/canvas-videos), one function each, with the shapes of
// core/render/api-types.ts. Errors are ApiError: 402 NoCreditsRemaining (no Canvas credits),
// 400 InvalidData, 404 AudioNotFound / ImageNotFound / NotFound, 409 AudioNotReady / NotADraft.
import type {
  CanvasDraftRequest,
  CanvasTaskProgress,
  CanvasVideo,
  RenderTasksStatusResponse,
  UserCanvasVideosResponse,
} from '../../core/render/api-types';
import { api, type RequestOptions } from './client';

export type {
  CanvasDraftRequest,
  CanvasLoopInfo,
  CanvasTaskProgress,
  CanvasVideo,
} from '../../core/render/api-types';

export const CANVAS_API = '/api/canvas-videos';

/** The message when a Canvas is refused for want of Canvas credits (402 NoCreditsRemaining). */
export const NO_CANVAS_CREDITS_MESSAGE =
  'You have no Canvas credits left. Upgrade your plan to make more Canvas videos.';

type CallOptions = Pick<RequestOptions, 'signal'>;

/** The user's Canvas videos, newest first (drafts are not listed). */
export async function fetchCanvasVideos(options?: CallOptions): Promise<CanvasVideo[]> {
  return (await api.get<UserCanvasVideosResponse>(`${CANVAS_API}/get-user-canvas-videos`, options))
    .videos;
}

/** Stores a draft with its settings and the loop planned from the track's section. */
export async function draftCanvasVideo(request: CanvasDraftRequest): Promise<CanvasVideo> {
  return (await api.post<{ video: CanvasVideo }>(`${CANVAS_API}/draft-render-video`, request))
    .video;
}

/** Charges one Canvas credit and queues the draft's render. */
export async function finalizeCanvasVideo(videoId: string): Promise<CanvasVideo> {
  return (
    await api.post<{ video: CanvasVideo }>(`${CANVAS_API}/finalize-video-render`, { videoId })
  ).video;
}

/** Drops a draft. */
export function abortCanvasVideo(videoId: string): Promise<unknown> {
  return api.post(`${CANVAS_API}/abort-render-video`, { videoId });
}

export function deleteCanvasVideo(videoId: string): Promise<unknown> {
  return api.delete(`${CANVAS_API}/delete`, { videoId });
}

/** Progress of Canvas renders; status 'NotFound' for unknown ids. */
export async function fetchCanvasStatuses(
  tasks: string[],
  options?: CallOptions,
): Promise<CanvasTaskProgress[]> {
  return (
    await api.post<RenderTasksStatusResponse<CanvasTaskProgress>>(
      `${CANVAS_API}/render-tasks-status`,
      { tasks },
      options,
    )
  ).tasks;
}
