import type {
  CanvasRenderStatus,
  CanvasTaskProgress,
  CanvasVideo,
  ParticleRender,
  ParticleTaskProgress,
  RenderConfiguration,
  RenderInfo,
  StaticRenderStatus,
  StaticVideo,
  StaticVideoTaskProgress,
  Visualizer,
  VisualizerStatus,
  VisualizerTaskProgress,
} from '../../../core/render/api-types';
import type { KitOutput } from '../../../core/render/release-kit';
import { findTemplate } from '../../../core/render/renderer';
import { ordinal } from '../../../core/text/ordinal';
import { COLOR_FIELDS, IMAGE_SLOTS, type RenderKind } from '../../../core/render/scene';
import type { RenderRow, RenderStatus } from '../../repositories/renders.repository';

/** Where each kind's calls and files live. */
export const RENDER_API_BASE: Record<RenderKind, string> = {
  visualizer: '/api/visualizers',
  'single-frame': '/api/music-videos',
  canvas: '/api/canvas-videos',
  particles: '/api/elements/particle-systems',
};

/** The web page of a finished video (spec section 2), for mails. */
export const RENDER_PAGE: Record<RenderKind, string> = {
  visualizer: '/media/visualizers',
  'single-frame': '/media/single-frame-videos',
  canvas: '/canvas-render-progress',
  particles: '/media/particle-systems',
};

/** A kind's words for the three states of a render (spec 4 names them per kind). */
function statusWords<W extends string>(words: { done: W; failed: W; working: W }) {
  return (status: RenderStatus): W => {
    if (status === 'COMPLETE') return words.done;
    if (status === 'FAILED') return words.failed;
    return words.working;
  };
}

export const visualizerStatus = statusWords<VisualizerStatus>({
  done: 'COMPLETE',
  failed: 'FAILED',
  working: 'IN-PROGRESS',
});

export const staticRenderStatus = statusWords<StaticRenderStatus>({
  done: 'VIDEO READY',
  failed: 'RENDER FAILED',
  working: 'RENDERING',
});

export const canvasStatus = statusWords<CanvasRenderStatus>({
  done: 'SUCCESS',
  failed: 'FAILED',
  working: 'PROGRESSING',
});

export function configurationOf(render: RenderRow): RenderConfiguration {
  const { settings } = render;
  const configuration = {
    template: settings.template,
    width: settings.width,
    height: settings.height,
    fps: settings.fps,
    title: settings.title,
    artist: settings.artist,
    lyrics_style: settings.lyrics?.style ?? null,
  } as RenderConfiguration;
  for (const field of COLOR_FIELDS) configuration[field] = settings.colors[field];
  for (const slot of IMAGE_SLOTS)
    configuration[`${slot}_image_uuid`] = render.imageIds[slot] ?? null;
  return configuration;
}

/** A render's thumbnail, where its kind's calls serve it. */
export function thumbnailUrl(render: Pick<RenderRow, 'id' | 'settings'>): string {
  return `${RENDER_API_BASE[render.settings.kind]}/thumbnail/${render.id}`;
}

export function renderInfo(render: RenderRow): RenderInfo {
  const base = RENDER_API_BASE[render.settings.kind];
  const done = render.status === 'COMPLETE';
  return {
    upload_uuid: render.id,
    configuration: configurationOf(render),
    template_title:
      findTemplate(render.settings.kind, render.settings.template)?.title ??
      render.settings.template,
    audio_uuid: render.audioUuid,
    audio_file_name: render.audioFileName,
    duration_seconds: render.durationSeconds,
    thumbnail_image: done ? thumbnailUrl(render) : null,
    video_url: done ? `${base}/video/${render.id}` : null,
    download_url: done ? `${base}/video/${render.id}?download=1` : null,
    file_size: done ? render.videoBytes : null,
    created_at: render.createdAt.toISOString(),
    started_at: render.status === 'QUEUED' ? null : (render.startedAt?.toISOString() ?? null),
    finished_at: render.finishedAt?.toISOString() ?? null,
    error: render.status === 'FAILED' ? render.error : null,
    release_kit:
      render.kitId && render.kitOutput
        ? { kit_uuid: render.kitId, output: render.kitOutput as KitOutput }
        : null,
  };
}

export const visualizerView = (render: RenderRow): Visualizer => ({
  ...renderInfo(render),
  render_status: visualizerStatus(render.status),
});

/** A single-frame video's upload side (spec 4): its newest YouTube upload, if any. */
export type StaticUploadSide = Pick<StaticVideo, 'upload_status' | 'yt_upload'>;
const NO_UPLOAD: StaticUploadSide = { upload_status: 'NO UPLOAD', yt_upload: null };

export const staticVideoView = (
  render: RenderRow,
  upload: StaticUploadSide = NO_UPLOAD,
): StaticVideo => ({
  upload_uuid: render.id,
  render_status: staticRenderStatus(render.status),
  ...upload,
  vidInfo: renderInfo(render),
});

export function canvasView(render: RenderRow): CanvasVideo {
  const loop = render.settings.loop;
  const frames = loop?.frames ?? render.framesTotal;
  return {
    ...renderInfo(render),
    render_status: canvasStatus(render.status),
    loop: {
      seconds: Math.round((frames / render.settings.fps) * 1000) / 1000,
      frames,
      beats: loop?.beats ?? 0,
      bpm: loop?.bpm ?? null,
      section_start: loop?.sectionStart ?? 0,
    },
  };
}

export function particleView(render: RenderRow): ParticleRender {
  const info = renderInfo(render);
  return {
    ...info,
    task_uuid: render.id,
    render_status: canvasStatus(render.status),
    thumbnail_image_path: info.thumbnail_image,
    design_name: render.settings.particles?.name ?? 'Particles',
  };
}

/** Seconds left now: the estimate of the last progress write, less the time since. */
export function secondsRemaining(render: RenderRow, now = Date.now()): number | null {
  if (render.status !== 'RENDERING' || render.etaSeconds === null) return null;
  const since = render.progressUpdatedAt ? (now - render.progressUpdatedAt.getTime()) / 1000 : 0;
  return Math.max(0, Math.round(render.etaSeconds - Math.max(0, since)));
}

/**
 * The time left, for people. A render waiting for one of its user's render slots says so, with
 * its place among that user's waiting renders.
 */
export function timeRemainingText(
  status: RenderStatus,
  percent: number,
  seconds: number | null,
  waitingPlace: number | null = null,
): string {
  if (status === 'COMPLETE') return 'Done';
  if (status === 'FAILED') return 'Stopped';
  if (status === 'QUEUED' && waitingPlace !== null)
    return `Waiting for a free render slot (${ordinal(waitingPlace)} in your queue)`;
  if (status === 'QUEUED') return 'Waiting to start…';
  if (percent >= 100 || seconds === 0) return 'Finishing…';
  if (seconds === null) return 'Working out the time left…';
  if (seconds < 60) return 'Less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'About a minute left' : `About ${minutes} minutes left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hoursText = hours === 1 ? '1 hour' : `${hours} hours`;
  return rest === 0 ? `About ${hoursText} left` : `About ${hoursText} ${rest} min left`;
}

/** A render for the progress calls; waitingPlace: its place in its user's line of waiting renders. */
export type ProgressRow = RenderRow & { waitingPlace?: number | null };

/** The progress fields of a status answer; a render that is not there (NotFound) has none. */
function progressOf(render: ProgressRow | undefined, now: number) {
  if (!render) return { percent_complete: 0, time_remaining: null, time_remaining_hr: '' };
  const percent = render.status === 'COMPLETE' ? 100 : Math.round(render.percentComplete * 10) / 10;
  const seconds = secondsRemaining(render, now);
  return {
    percent_complete: percent,
    time_remaining: seconds,
    time_remaining_hr: timeRemainingText(
      render.status,
      percent,
      seconds,
      render.waitingPlace ?? null,
    ),
  };
}

export function visualizerProgress(
  id: string,
  render: ProgressRow | undefined,
  now = Date.now(),
): VisualizerTaskProgress {
  return {
    upload_uuid: render?.id ?? id,
    status: render ? visualizerStatus(render.status) : 'NotFound',
    ...progressOf(render, now),
    vizInfo: render ? visualizerView(render) : null,
  };
}

export function staticVideoProgress(
  id: string,
  render: ProgressRow | undefined,
  now = Date.now(),
  upload: StaticUploadSide = NO_UPLOAD,
): StaticVideoTaskProgress {
  return {
    upload_uuid: render?.id ?? id,
    render_status: render ? staticRenderStatus(render.status) : 'NotFound',
    ...(render ? upload : NO_UPLOAD),
    ...progressOf(render, now),
    vidInfo: render ? renderInfo(render) : null,
  };
}

export function canvasProgress(
  id: string,
  render: ProgressRow | undefined,
  now = Date.now(),
): CanvasTaskProgress {
  return {
    upload_uuid: render?.id ?? id,
    status: render ? canvasStatus(render.status) : 'NotFound',
    ...progressOf(render, now),
    videoInfo: render ? canvasView(render) : null,
  };
}

export function particleProgress(
  id: string,
  render: ProgressRow | undefined,
  now = Date.now(),
): ParticleTaskProgress {
  return {
    task_uuid: render?.id ?? id,
    status: render ? canvasStatus(render.status) : 'NotFound',
    ...progressOf(render, now),
    taskInfo: render ? particleView(render) : null,
  };
}

/** A file name for the download: the title, else the template's name; ASCII, no quotes. */
export function downloadFileName(render: RenderRow): string {
  const template = findTemplate(render.settings.kind, render.settings.template);
  const base = (
    render.settings.title ||
    render.settings.particles?.name ||
    template?.title ||
    render.settings.template
  )
    .normalize('NFKD')
    .replace(/[^\w .()-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return `${base || 'video'}.mp4`;
}

/** Up to `limit` distinct colours (lowercase #rrggbb) from settings, newest first. */
export function recentColors(
  settingsList: { kind: RenderKind; template: string; colors: Record<string, string> }[],
  limit = 20,
): string[] {
  const seen = new Set<string>();
  for (const settings of settingsList) {
    // Only the colours the template shows: the others are its untouched defaults.
    const fields = findTemplate(settings.kind, settings.template)?.colorFields ?? COLOR_FIELDS;
    for (const field of fields) {
      const value = settings.colors[field]?.toLowerCase();
      if (value && /^#[0-9a-f]{6}$/.test(value)) seen.add(value);
      if (seen.size >= limit) return [...seen];
    }
  }
  return [...seen];
}
