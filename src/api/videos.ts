// The video library calls (spec 7: Videos /api/videos, and /api/elements' loop extensions), one
// function each, with the shapes of core/media/video-types.ts. Errors are ApiError: 400
// InvalidData, 404 NotFound / AudioNotFound, 409 UploadIncomplete / VideoNotReady /
// AudioNotReady, 413 VideoTooLarge / VideoTooLong.
import type {
  LoopExtensionRequest,
  LoopExtensionTaskProgress,
  RetentionPolicy,
  UserVideo,
  VideoDraftAnswer,
  VideoDraftRequest,
  VideoProcessingStatus,
} from '../../core/media/video-types';
import { api } from './client';

export type { UserVideo, VideoDraftAnswer, VideoDraftRequest } from '../../core/media/video-types';

const VIDEOS = '/api/videos';
const ELEMENTS = '/api/elements';

export interface VideoStatusAnswer {
  video_uuid: string;
  processing_status: VideoProcessingStatus | 'NotFound';
  error: string | null;
}

export function createVideoDraft(draft: VideoDraftRequest): Promise<VideoDraftAnswer> {
  return api.post<VideoDraftAnswer>(`${VIDEOS}/add-video-draft`, draft);
}

export async function finalizeVideo(videoUuid: string): Promise<UserVideo> {
  return (
    await api.post<{ video: UserVideo }>(`${VIDEOS}/add-video-finalize`, { video_uuid: videoUuid })
  ).video;
}

export function abortVideo(videoUuid: string): Promise<unknown> {
  return api.post(`${VIDEOS}/add-video-abort`, { video_uuid: videoUuid });
}

export async function fetchVideoProcessingStatuses(
  videoIds: string[],
): Promise<VideoStatusAnswer[]> {
  return (
    await api.post<{ statuses: VideoStatusAnswer[] }>(`${VIDEOS}/processing-status`, { videoIds })
  ).statuses;
}

/** The user's clips and loops, newest first. */
export async function fetchUserVideos(): Promise<UserVideo[]> {
  return (await api.get<{ videos: UserVideo[] }>(`${VIDEOS}/user-videos`)).videos;
}

export function deleteVideo(videoId: string): Promise<unknown> {
  return api.delete(`${VIDEOS}/delete-video`, { videoId });
}

export async function updateRetentionPolicy(
  videoId: string,
  retentionPolicy: RetentionPolicy,
): Promise<UserVideo> {
  return (
    await api.post<{ video: UserVideo }>(`${VIDEOS}/update-retention-policy`, {
      videoId,
      retentionPolicy,
    })
  ).video;
}

/** Starts a loop extension; answers its output (task_status PROGRESSING). */
export async function createLoopExtension(request: LoopExtensionRequest): Promise<UserVideo> {
  return (await api.post<{ video: UserVideo }>(`${ELEMENTS}/create-video-loop-extension`, request))
    .video;
}

export async function fetchLoopExtensionStatuses(
  tasks: string[],
): Promise<LoopExtensionTaskProgress[]> {
  return (
    await api.post<{ tasks: LoopExtensionTaskProgress[] }>(
      `${ELEMENTS}/loop-extension-task-status`,
      {
        tasks,
      },
    )
  ).tasks;
}
