// The shapes of the render calls (spec 7: Visualizers /api/visualizers, Single-frame
// /api/music-videos), shared by the server and the web app. Calls the spec lists keep its names;
// the spec does not show how a render is created, deleted or fetched, so those are ours and
// documented in docs/api.md.

import type { UploadEntry } from '../publishing/api-types';
import type { LyricStyleName } from './lyrics/lyric-style-name';
import type { KitOutput } from './release-kit';
import type { ColorField, ImageSlot } from './scene';

/** Visualizer render states (spec 4). NotFound only answers a status query. */
export type VisualizerStatus = 'IN-PROGRESS' | 'COMPLETE' | 'FAILED';
export type VisualizerTaskStatus = VisualizerStatus | 'NotFound';

/** Single-frame render states: VIDEO READY and RENDER FAILED are terminal (spec 4). */
export type StaticRenderStatus = 'RENDERING' | 'VIDEO READY' | 'RENDER FAILED';
/** The upload side (spec 4), from the video's newest YouTube upload; UPLOADING while it runs. */
export type StaticUploadStatus = 'UPLOAD COMPLETE' | 'UPLOAD FAILED' | 'NO UPLOAD' | 'UPLOADING';

/** The configuration of a render, as sent to create it and as answered: colour fields flat. */
export type RenderConfiguration = {
  template: string;
  width: number;
  height: number;
  /** 30 or 60 (single-frame videos ignore it). */
  fps: number;
  title: string;
  artist: string;
  /** Draws the track's timed lyrics in this style (issue 27); null or absent: none. */
  lyrics_style?: LyricStyleName | null;
} & Record<ColorField, string> & { [K in `${ImageSlot}_image_uuid`]?: string | null };

/** POST /api/visualizers/create-visualizer and POST /api/music-videos/create-static-video. */
export interface CreateRenderRequest {
  audio_uuid: string;
  configuration: RenderConfiguration;
}

/** What both kinds share about one render. */
export interface RenderInfo {
  upload_uuid: string;
  configuration: RenderConfiguration;
  template_title: string;
  audio_uuid: string | null;
  /** The track's file name when it was rendered. */
  audio_file_name: string;
  duration_seconds: number;
  /** URLs under /api, null until the render is finished. */
  thumbnail_image: string | null;
  video_url: string | null;
  /** Same file with Content-Disposition: attachment. */
  download_url: string | null;
  file_size: number | null;
  created_at: string;
  /** When it started rendering; null while it waits for a render slot or a worker. */
  started_at?: string | null;
  finished_at: string | null;
  /** Why it failed, for people; null otherwise. */
  error: string | null;
  /** The release kit it is a part of, and which part; null for a video of its own. */
  release_kit?: { kit_uuid: string; output: KitOutput } | null;
}

/** Visualizer entity (spec 3). */
export interface Visualizer extends RenderInfo {
  render_status: VisualizerStatus;
}

/** Task progress (spec 3): status, percent_complete, time_remaining, time_remaining_hr, vizInfo. */
export interface VisualizerTaskProgress {
  upload_uuid: string;
  status: VisualizerTaskStatus;
  /** 0..100 */
  percent_complete: number;
  /** Seconds, null while unknown (the first frames) or when finished. */
  time_remaining: number | null;
  /** For people: 'About 2 minutes left', 'Less than a minute left', 'Done', ... */
  time_remaining_hr: string;
  vizInfo: Visualizer | null;
}

/** Single-frame video entity (spec 3). */
export interface StaticVideo {
  upload_uuid: string;
  render_status: StaticRenderStatus;
  upload_status: StaticUploadStatus;
  /** The newest YouTube upload of the video, or null. */
  yt_upload: UploadEntry | null;
  vidInfo: RenderInfo;
}

export interface StaticVideoTaskProgress {
  upload_uuid: string;
  render_status: StaticRenderStatus | 'NotFound';
  upload_status: StaticUploadStatus;
  /** The newest YouTube upload of the video, or null. */
  yt_upload: UploadEntry | null;
  percent_complete: number;
  time_remaining: number | null;
  time_remaining_hr: string;
  vidInfo: RenderInfo | null;
}

// Answers
export interface UserVisualizersResponse {
  visualizers: Visualizer[];
}
export interface UserStaticVideosResponse {
  videos: StaticVideo[];
}
export interface RenderTasksStatusResponse<T> {
  tasks: T[];
}
/** GET /api/visualizers/recent-colors: up to 20 distinct colours, most recent first (spec 9). */
export interface RecentColorsResponse {
  colors: string[];
}

// Spotify Canvas (spec 7, /api/canvas-videos). The spec shows the entity's upload_uuid,
// render_status and thumbnail_image; the rest is ours (docs/api.md).

/** Canvas render states (spec 4). NotFound only answers a status query. */
export type CanvasRenderStatus = 'PROGRESSING' | 'SUCCESS' | 'FAILED';
export type CanvasTaskStatus = CanvasRenderStatus | 'NotFound';

/** The loop of a Canvas: its length, how many beats it holds, and where in the track. */
export interface CanvasLoopInfo {
  seconds: number;
  frames: number;
  beats: number;
  /** Tempo the loop was cut to, or null (no track, or no steady beat). */
  bpm: number | null;
  section_start: number;
}

/** Canvas video entity (spec 3), with the details every render has. */
export interface CanvasVideo extends RenderInfo {
  render_status: CanvasRenderStatus;
  loop: CanvasLoopInfo;
}

/** POST /api/canvas-videos/draft-render-video. */
export interface CanvasDraftRequest {
  configuration: Partial<RenderConfiguration> & { template: string };
  audio_uuid?: string | null;
  section_start?: number;
  seconds?: number;
}

export interface CanvasTaskProgress {
  upload_uuid: string;
  status: CanvasTaskStatus;
  percent_complete: number;
  time_remaining: number | null;
  time_remaining_hr: string;
  videoInfo: CanvasVideo | null;
}

export interface UserCanvasVideosResponse {
  videos: CanvasVideo[];
}

// Particle systems (spec 7, /api/elements). The spec shows the entity's task_uuid,
// render_status and thumbnail_image_path, and not init-particle-system-render's payload; the
// rest is ours (docs/api.md).

/** Particle render states (spec 4). NotFound only answers a status query. */
export type ParticleRenderStatus = CanvasRenderStatus;
export type ParticleTaskStatus = CanvasTaskStatus;

/** Particle render entity (spec 3), with the details every render has. */
export interface ParticleRender extends RenderInfo {
  task_uuid: string;
  render_status: ParticleRenderStatus;
  /** The thumbnail's path once the video is done, else null (the same as thumbnail_image). */
  thumbnail_image_path: string | null;
  /** The design's name, as the editor saved it. */
  design_name: string;
}

/** POST /api/elements/init-particle-system-render. */
export interface ParticleRenderRequest {
  audio_uuid: string;
  /** What the editor exports (a plain tsParticles options object is taken too). */
  design: unknown;
  size: '16:9' | '1:1' | '9:16' | '4:5';
  /** 1080p when absent; 4K (16:9, 1:1 and 9:16) on paid plans, else 403 PaidPlanRequired. */
  resolution?: '1080p' | '4k';
  fps: 30 | 60;
  seed?: number;
  background_image_uuid?: string | null;
  /** Draws the track's timed lyrics in this style (issue 27); null or absent: none. */
  lyrics_style?: LyricStyleName | null;
}

export interface ParticleTaskProgress {
  task_uuid: string;
  status: ParticleTaskStatus;
  percent_complete: number;
  time_remaining: number | null;
  time_remaining_hr: string;
  taskInfo: ParticleRender | null;
}

export interface UserParticleRendersResponse {
  renders: ParticleRender[];
}
