// The render calls (spec 7: Visualizers /api/visualizers, Single-frame /api/music-videos), one
// function each, with the shapes of core/render/api-types.ts. Errors are ApiError (api-error.ts):
// 402 NoCreditsRemaining, 400 InvalidData, 404 AudioNotFound / ImageNotFound / NotFound,
// 409 AudioNotReady, 429 with retryAfterSeconds.
import type {
  CreateRenderRequest,
  RecentColorsResponse,
  RenderTasksStatusResponse,
  StaticVideo,
  StaticVideoTaskProgress,
  UserStaticVideosResponse,
  UserVisualizersResponse,
  Visualizer,
  VisualizerTaskProgress,
} from '../../core/render/api-types';
import { isApiError } from './api-error';
import { api, type RequestOptions } from './client';

export type {
  CreateRenderRequest,
  RenderConfiguration,
  RenderInfo,
  StaticRenderStatus,
  StaticUploadStatus,
  StaticVideo,
  StaticVideoTaskProgress,
  Visualizer,
  VisualizerStatus,
  VisualizerTaskProgress,
  VisualizerTaskStatus,
} from '../../core/render/api-types';

export const VISUALIZERS_API = '/api/visualizers';
export const MUSIC_VIDEOS_API = '/api/music-videos';

/** The spec's message when a render is refused for want of credits (402 NoCreditsRemaining). */
export const NO_CREDITS_MESSAGE =
  'You have no visualizer credits left. Upgrade your plan to render more videos.';

type CallOptions = Pick<RequestOptions, 'signal'>;

// Visualizers

/** The user's visualizers, newest first. */
export async function fetchVisualizers(options?: CallOptions): Promise<Visualizer[]> {
  const answer = await api.get<UserVisualizersResponse>(
    `${VISUALIZERS_API}/get-user-visualizers`,
    options,
  );
  return answer.visualizers;
}

/** Queues a visualizer render; costs one credit (402 NoCreditsRemaining when none are left). */
export async function createVisualizer(request: CreateRenderRequest): Promise<Visualizer> {
  const answer = await api.post<{ visualizer: Visualizer }>(
    `${VISUALIZERS_API}/create-visualizer`,
    request,
  );
  return answer.visualizer;
}

/** Progress of one visualizer render; status 'NotFound' for unknown ids. */
export function fetchVisualizerStatus(
  uploadUuid: string,
  options?: CallOptions,
): Promise<VisualizerTaskProgress> {
  return api.post<VisualizerTaskProgress>(
    `${VISUALIZERS_API}/render-status`,
    { upload_uuid: uploadUuid },
    options,
  );
}

/** Progress of several visualizer renders at once. */
export async function fetchVisualizerStatuses(
  uploadUuids: string[],
  options?: CallOptions,
): Promise<VisualizerTaskProgress[]> {
  const answer = await api.post<RenderTasksStatusResponse<VisualizerTaskProgress>>(
    `${VISUALIZERS_API}/render-tasks-status`,
    { upload_uuids: uploadUuids },
    options,
  );
  return answer.tasks;
}

/** Deletes a visualizer: stops a running render, removes its files, refunds if unfinished. */
export function deleteVisualizer(uploadUuid: string): Promise<{ deleted: true }> {
  return api.delete(`${VISUALIZERS_API}/delete-visualizer`, { upload_uuid: uploadUuid });
}

/** Up to 20 distinct colours from the user's visualizer settings, most recent first (spec 9). */
export async function fetchRecentColors(options?: CallOptions): Promise<string[]> {
  const answer = await api.get<RecentColorsResponse>(`${VISUALIZERS_API}/recent-colors`, options);
  return answer.colors;
}

export function visualizerVideoUrl(uploadUuid: string, download = false): string {
  const base = `${VISUALIZERS_API}/video/${encodeURIComponent(uploadUuid)}`;
  return download ? `${base}?download=1` : base;
}

export function visualizerThumbnailUrl(uploadUuid: string): string {
  return `${VISUALIZERS_API}/thumbnail/${encodeURIComponent(uploadUuid)}`;
}

// Single-frame videos

/** The user's single-frame videos, newest first. */
export async function fetchStaticVideos(options?: CallOptions): Promise<StaticVideo[]> {
  const answer = await api.get<UserStaticVideosResponse>(
    `${MUSIC_VIDEOS_API}/get-user-static-videos`,
    options,
  );
  return answer.videos;
}

/** Queues a single-frame render; costs one visualizer credit too. */
export async function createStaticVideo(request: CreateRenderRequest): Promise<StaticVideo> {
  const answer = await api.post<{ video: StaticVideo }>(
    `${MUSIC_VIDEOS_API}/create-static-video`,
    request,
  );
  return answer.video;
}

/**
 * Progress of one single-frame render. The server answers 404 {exc:'NotFound'} for unknown ids;
 * this turns that into render_status 'NotFound' like the visualizer call.
 */
export async function fetchStaticVideoStatus(
  uploadUuid: string,
  options?: CallOptions,
): Promise<StaticVideoTaskProgress> {
  try {
    return await api.post<StaticVideoTaskProgress>(
      `${MUSIC_VIDEOS_API}/get-render-status`,
      { upload_uuid: uploadUuid },
      options,
    );
  } catch (error) {
    if (isApiError(error) && error.status === 404 && error.exc === 'NotFound') {
      return {
        upload_uuid: uploadUuid,
        render_status: 'NotFound',
        upload_status: 'NO UPLOAD',
        yt_upload: null,
        percent_complete: 0,
        time_remaining: null,
        time_remaining_hr: '',
        vidInfo: null,
      };
    }
    throw error;
  }
}

/** Progress of several single-frame renders at once. */
export async function fetchStaticVideoStatuses(
  uploadUuids: string[],
  options?: CallOptions,
): Promise<StaticVideoTaskProgress[]> {
  const answer = await api.post<RenderTasksStatusResponse<StaticVideoTaskProgress>>(
    `${MUSIC_VIDEOS_API}/render-tasks-status`,
    { tasks: uploadUuids },
    options,
  );
  return answer.tasks;
}

/** Deletes a single-frame video: stops a running render, removes its files. */
export function deleteStaticVideo(uploadUuid: string): Promise<{ deleted: true }> {
  return api.delete(`${MUSIC_VIDEOS_API}/delete-static-video`, { upload_uuid: uploadUuid });
}

export function staticVideoUrl(uploadUuid: string, download = false): string {
  const base = `${MUSIC_VIDEOS_API}/video/${encodeURIComponent(uploadUuid)}`;
  return download ? `${base}?download=1` : base;
}

export function staticVideoThumbnailUrl(uploadUuid: string): string {
  return `${MUSIC_VIDEOS_API}/thumbnail/${encodeURIComponent(uploadUuid)}`;
}

// Helpers shared by the screens

/** True when a visualizer status will not change any more. */
export function isVisualizerFinished(status: string): boolean {
  return status === 'COMPLETE' || status === 'FAILED' || status === 'NotFound';
}

/** True when a single-frame task has ended: both render and upload sides are terminal (spec 4). */
export function isStaticVideoFinished(renderStatus: string, uploadStatus: string): boolean {
  const renderDone =
    renderStatus === 'VIDEO READY' ||
    renderStatus === 'RENDER FAILED' ||
    renderStatus === 'NotFound';
  const uploadDone =
    uploadStatus === 'UPLOAD COMPLETE' ||
    uploadStatus === 'UPLOAD FAILED' ||
    uploadStatus === 'NO UPLOAD';
  return renderDone && uploadDone;
}
