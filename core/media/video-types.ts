// The video library (spec 7, Videos /api/videos, and the loop-extension calls of /api/elements),
// shared by the server and the web app. The spec shows the User video's video_uuid,
// is_task_output, task_name, task_status and thumbnail_path; the rest is ours (docs/api.md).

/** A clip uploaded by the user is processed (ffprobe, thumbnail) like audio. */
export type VideoProcessingStatus = 'PROGRESSING' | 'COMPLETE' | 'FAILED';
/** Loop-extend states (spec 4): PROGRESSING, then SUCCESS or FAILED. */
export type LoopExtendStatus = 'PROGRESSING' | 'SUCCESS' | 'FAILED';
/** How long a video is kept: for good, or deleted 30 days after it was made. */
export const RETENTION_POLICIES = ['keep', 'delete-after-30-days'] as const;
export type RetentionPolicy = (typeof RETENTION_POLICIES)[number];
export const RETENTION_DAYS = 30;

/** User video entity (spec 3): an uploaded clip, or the output of a loop extension. */
export interface UserVideo {
  video_uuid: string;
  file_name: string;
  /** True for a loop extension's output, false for an uploaded clip. */
  is_task_output: boolean;
  task_name: 'LOOP_EXTEND' | null;
  /** The task's state for outputs; null for clips. */
  task_status: LoopExtendStatus | null;
  /** A clip's processing; outputs are COMPLETE once SUCCESS. */
  processing_status: VideoProcessingStatus;
  /** For people, when processing or the task failed. */
  error: string | null;
  /** URLs under /api, null until there is a file. */
  thumbnail_path: string | null;
  video_path: string | null;
  download_path: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  duration_seconds: number | null;
  codec: string | null;
  file_size: number | null;
  retention_policy: RetentionPolicy;
  /** When the retention policy deletes it (ISO), or null. */
  expires_at: string | null;
  created_at: string;
  /** Outputs: the clip it repeats, the track whose length and audio it took, the length asked. */
  source_video_uuid: string | null;
  audio_uuid: string | null;
  target_seconds: number | null;
  /** Outputs while PROGRESSING: 0..100. */
  percent_complete: number;
}

/** POST /api/videos/add-video-draft */
export interface VideoDraftRequest {
  file_name: string;
  file_size: number;
  mimetype: string;
  duration_seconds?: number | null;
}
export interface VideoDraftAnswer {
  video_uuid: string;
  /** The tus upload to send the bytes to (the one upload path: same endpoint as audio). */
  upload_url: string;
}

/** POST /api/elements/create-video-loop-extension: a length, or a track to last as long as. */
export interface LoopExtensionRequest {
  videoId: string;
  target_seconds?: number;
  audio_uuid?: string;
}

export interface LoopExtensionTaskProgress {
  video_uuid: string;
  status: LoopExtendStatus | 'NotFound';
  percent_complete: number;
  video: UserVideo | null;
}
