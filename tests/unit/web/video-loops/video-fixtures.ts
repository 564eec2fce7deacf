import type { UserVideo } from '../../../../src/api/videos';

/** A processed clip of the video library, as the server lists it. */
export function userVideo(overrides: Partial<UserVideo> = {}): UserVideo {
  const id = overrides.video_uuid ?? '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9';
  return {
    video_uuid: id,
    file_name: 'tour-clip.mp4',
    is_task_output: false,
    task_name: null,
    task_status: null,
    processing_status: 'COMPLETE',
    error: null,
    thumbnail_path: `/api/videos/thumbnail/${id}`,
    video_path: `/api/videos/video/${id}`,
    download_path: `/api/videos/video/${id}?download=1`,
    width: 1920,
    height: 1080,
    fps: 30,
    duration_seconds: 12,
    codec: 'h264',
    file_size: 5_000_000,
    retention_policy: 'keep',
    expires_at: null,
    created_at: '2026-03-09T10:00:00.000Z',
    source_video_uuid: null,
    audio_uuid: null,
    target_seconds: null,
    percent_complete: 100,
    ...overrides,
  };
}
