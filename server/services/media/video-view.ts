import {
  RETENTION_DAYS,
  type RetentionPolicy,
  type UserVideo,
} from '../../../core/media/video-types';
import type { VideoRow } from '../../repositories/videos.repository';

export const VIDEOS_API = '/api/videos';

/** When the retention policy deletes the video, or null. */
export function expiresAt(row: Pick<VideoRow, 'retentionPolicy' | 'createdAt'>): Date | null {
  if (row.retentionPolicy !== 'delete-after-30-days') return null;
  return new Date(row.createdAt.getTime() + RETENTION_DAYS * 24 * 3600 * 1000);
}

/** A video as the API answers it (spec 3, User video). */
export function videoView(row: VideoRow): UserVideo {
  const ready = row.videoKey !== null && row.processingStatus === 'COMPLETE';
  const id = row.videoUuid;
  return {
    video_uuid: id,
    file_name: row.fileName,
    is_task_output: row.isTaskOutput,
    task_name: row.taskName,
    task_status: row.taskStatus,
    processing_status: row.processingStatus ?? 'PROGRESSING',
    error: row.error,
    thumbnail_path: row.thumbnailKey ? `${VIDEOS_API}/thumbnail/${id}` : null,
    video_path: ready ? `${VIDEOS_API}/video/${id}` : null,
    download_path: ready ? `${VIDEOS_API}/video/${id}?download=1` : null,
    width: row.width,
    height: row.height,
    fps: row.fps,
    duration_seconds: row.durationSeconds,
    codec: row.codec,
    file_size: row.fileSize,
    retention_policy: row.retentionPolicy as RetentionPolicy,
    expires_at: expiresAt(row)?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    source_video_uuid: row.sourceVideoUuid,
    audio_uuid: row.audioUuid,
    target_seconds: row.targetSeconds,
    percent_complete:
      row.taskStatus === 'SUCCESS' ? 100 : Math.round(row.percentComplete * 10) / 10,
  };
}
