// The kinds of render (visualizers, single-frame videos, Spotify Canvas loops, particle videos)
// behind one shape,
// so the lists, the progress pages and the video pages are written once.
import type { RenderInfo } from '../../../core/render/api-types';
import {
  deleteCanvasVideo,
  fetchCanvasStatuses,
  fetchCanvasVideos,
  type CanvasTaskProgress,
  type CanvasVideo,
} from '../../api/canvas';
import {
  deleteStaticVideo,
  deleteVisualizer,
  fetchStaticVideoStatus,
  fetchStaticVideoStatuses,
  fetchStaticVideos,
  fetchVisualizerStatus,
  fetchVisualizerStatuses,
  fetchVisualizers,
  type StaticVideo,
  type StaticVideoTaskProgress,
  type Visualizer,
  type VisualizerTaskProgress,
} from '../../api/renders';
import {
  deleteParticleRender,
  fetchParticleRenders,
  fetchParticleStatuses,
  type ParticleRender,
  type ParticleTaskProgress,
} from '../../api/particles';
import type { CachedRenderRow, RenderKind, RenderPhase } from '../../db/render-tables';

export type { CachedRenderRow, RenderKind, RenderPhase };

/** Spec 9: render tasks are polled every 5 s; a 429 is tried again after 5 s. */
export const RENDER_POLL_INTERVAL_MS = 5_000;

export function renderKey(kind: RenderKind, uploadUuid: string): string {
  return `${kind}:${uploadUuid}`;
}

/** Where a render stands, from its server status and the kind's words for ready and failed. */
function phaseOf(status: string, ready: string, failed: string): RenderPhase {
  if (status === ready) return 'ready';
  if (status === failed) return 'failed';
  return status === 'NotFound' ? 'not-found' : 'rendering';
}

export const visualizerPhase = (status: string) => phaseOf(status, 'COMPLETE', 'FAILED');

/** Single-frame: the render side decides the phase; the upload side is shown beside it. */
export const staticPhase = (renderStatus: string) =>
  phaseOf(renderStatus, 'VIDEO READY', 'RENDER FAILED');

/** Canvas (spec 4): PROGRESSING, then SUCCESS, FAILED or NotFound. */
export const canvasPhase = (status: string) => phaseOf(status, 'SUCCESS', 'FAILED');

/** Particle renders (spec 4) have the Canvas states. */
export const particlePhase = canvasPhase;

const PHASE_OF: Record<RenderKind, (status: string) => RenderPhase> = {
  visualizer: visualizerPhase,
  'single-frame': staticPhase,
  canvas: canvasPhase,
  particles: particlePhase,
};

export function isFinished(phase: RenderPhase): boolean {
  return phase !== 'rendering';
}

type TaskProgress = Pick<
  RenderProgress,
  'percent_complete' | 'time_remaining' | 'time_remaining_hr'
>;

/** A render's saved row; `extra` is what only its kind carries (a single-frame upload side). */
function row(
  kind: RenderKind,
  info: RenderInfo,
  serverStatus: string,
  progress?: TaskProgress,
  extra?: Pick<CachedRenderRow, 'upload_status' | 'yt_upload'>,
): CachedRenderRow {
  const phase = PHASE_OF[kind](serverStatus);
  return {
    key: renderKey(kind, info.upload_uuid),
    kind,
    upload_uuid: info.upload_uuid,
    phase,
    serverStatus,
    percent_complete: progress?.percent_complete ?? (phase === 'ready' ? 100 : 0),
    time_remaining: progress?.time_remaining ?? null,
    time_remaining_hr: progress?.time_remaining_hr ?? '',
    info,
    created_at: info.created_at,
    ...extra,
  };
}

export function visualizerRow(visualizer: Visualizer): CachedRenderRow {
  return row('visualizer', visualizer, visualizer.render_status);
}

export function staticVideoRow(video: StaticVideo): CachedRenderRow {
  return row(
    'single-frame',
    { ...video.vidInfo, upload_uuid: video.upload_uuid },
    video.render_status,
    undefined,
    { upload_status: video.upload_status, yt_upload: video.yt_upload },
  );
}

/**
 * A status answer's row, keeping what only the list carries from the saved row: a single-frame
 * video's newest YouTube upload.
 */
export function withSavedUpload(
  fresh: CachedRenderRow,
  saved: CachedRenderRow | null | undefined,
): CachedRenderRow {
  if (fresh.yt_upload !== undefined || saved?.yt_upload === undefined) return fresh;
  return { ...fresh, yt_upload: saved.yt_upload };
}

export function canvasRow(video: CanvasVideo): CachedRenderRow {
  return row('canvas', video, video.render_status);
}

/** A particle render: named after its design (it has no title field). */
export function particleRow(render: ParticleRender): CachedRenderRow {
  return row('particles', particleInfo(render), render.render_status);
}

/** The design's name stands as the title, so lists and pages name the video after it. */
function particleInfo(render: ParticleRender): ParticleRender {
  return render.configuration.title.trim()
    ? render
    : { ...render, configuration: { ...render.configuration, title: render.design_name } };
}

/** What a status call says about one render. */
export interface RenderProgress {
  upload_uuid: string;
  phase: RenderPhase;
  serverStatus: string;
  percent_complete: number;
  time_remaining: number | null;
  time_remaining_hr: string;
  /** The render's details, null for NotFound. */
  row: CachedRenderRow | null;
}

/** A status answer of any kind, once its id, status and details are read from the kind's fields. */
function progressOf(
  kind: RenderKind,
  task: TaskProgress,
  uploadUuid: string,
  serverStatus: string,
  info: RenderInfo | null,
  extra?: Pick<CachedRenderRow, 'upload_status'>,
): RenderProgress {
  return {
    upload_uuid: uploadUuid,
    phase: PHASE_OF[kind](serverStatus),
    serverStatus,
    percent_complete: task.percent_complete,
    time_remaining: task.time_remaining,
    time_remaining_hr: task.time_remaining_hr,
    row: info ? row(kind, info, serverStatus, task, extra) : null,
  };
}

export const visualizerProgress = (task: VisualizerTaskProgress): RenderProgress =>
  progressOf('visualizer', task, task.upload_uuid, task.status, task.vizInfo);

export const staticProgress = (task: StaticVideoTaskProgress): RenderProgress =>
  progressOf(
    'single-frame',
    task,
    task.upload_uuid,
    task.render_status,
    task.vidInfo && { ...task.vidInfo, upload_uuid: task.upload_uuid },
    { upload_status: task.upload_status },
  );

export const canvasProgress = (task: CanvasTaskProgress): RenderProgress =>
  progressOf('canvas', task, task.upload_uuid, task.status, task.videoInfo);

export const particleProgressOf = (task: ParticleTaskProgress): RenderProgress =>
  progressOf(
    'particles',
    task,
    task.task_uuid,
    task.status,
    task.taskInfo && particleInfo(task.taskInfo),
  );

/** The calls of one kind, in the shape the screens use. */
export interface RenderKindApi {
  list(): Promise<CachedRenderRow[]>;
  status(uploadUuid: string): Promise<RenderProgress>;
  statuses(uploadUuids: string[]): Promise<RenderProgress[]>;
  remove(uploadUuid: string): Promise<unknown>;
}

/** A kind's calls and how its answers read; one status is the batch call of one, unless given. */
function kindApi<Item, Task>(calls: {
  list: () => Promise<Item[]>;
  row: (item: Item) => CachedRenderRow;
  statuses: (uploadUuids: string[]) => Promise<Task[]>;
  status?: (uploadUuid: string) => Promise<Task>;
  progress: (task: Task) => RenderProgress;
  remove: (uploadUuid: string) => Promise<unknown>;
}): RenderKindApi {
  const status = calls.status ?? (async (id: string) => (await calls.statuses([id]))[0]!);
  return {
    list: async () => (await calls.list()).map(calls.row),
    status: async (id) => calls.progress(await status(id)),
    statuses: async (ids) => (await calls.statuses(ids)).map(calls.progress),
    remove: calls.remove,
  };
}

export const RENDER_APIS: Record<RenderKind, RenderKindApi> = {
  visualizer: kindApi({
    list: fetchVisualizers,
    row: visualizerRow,
    status: fetchVisualizerStatus,
    statuses: fetchVisualizerStatuses,
    progress: visualizerProgress,
    remove: deleteVisualizer,
  }),
  'single-frame': kindApi({
    list: fetchStaticVideos,
    row: staticVideoRow,
    status: fetchStaticVideoStatus,
    statuses: fetchStaticVideoStatuses,
    progress: staticProgress,
    remove: deleteStaticVideo,
  }),
  canvas: kindApi({
    list: fetchCanvasVideos,
    row: canvasRow,
    statuses: fetchCanvasStatuses,
    progress: canvasProgress,
    remove: deleteCanvasVideo,
  }),
  particles: kindApi({
    list: fetchParticleRenders,
    row: particleRow,
    statuses: fetchParticleStatuses,
    progress: particleProgressOf,
    remove: deleteParticleRender,
  }),
};

/** Words and paths of one kind. */
export interface RenderKindText {
  /** "Music visualizer" */
  noun: string;
  /** "music visualizers" */
  plural: string;
  listPath: string;
  videoPath: (id: string) => string;
  progressPath: (id: string) => string;
  /** Where a new one is made: the template's create screen, or the gallery. */
  createPath: (template?: string) => string;
  galleryLabel: string;
  deletedMessage: string;
  deleteFailedMessage: string;
}

/** A template's create screen below its gallery; the gallery itself when no template is named. */
const createUnder = (gallery: string) => (template?: string) =>
  template ? `${gallery}/create/${encodeURIComponent(template)}` : gallery;

export const RENDER_TEXT: Record<RenderKind, RenderKindText> = {
  visualizer: {
    noun: 'Music visualizer',
    plural: 'music visualizers',
    listPath: '/media/visualizers',
    videoPath: (id) => `/media/visualizers/${id}`,
    progressPath: (id) => `/audio-reactive-music-visualizers/progress/${id}`,
    createPath: createUnder('/audio-reactive-music-visualizers'),
    galleryLabel: 'Browse visualizer templates',
    deletedMessage: 'Visualizer Deleted',
    deleteFailedMessage: 'Unable to delete visualizer',
  },
  'single-frame': {
    noun: 'Static music video',
    plural: 'static music videos',
    listPath: '/media/single-frame-videos',
    videoPath: (id) => `/media/single-frame-videos/${id}`,
    progressPath: (id) => `/single-frame-music-videos/progress/${id}`,
    createPath: createUnder('/single-frame-music-video-templates'),
    galleryLabel: 'Browse static video templates',
    deletedMessage: 'Video Deleted',
    deleteFailedMessage: 'Unable to delete video',
  },
  canvas: {
    noun: 'Spotify Canvas',
    plural: 'Spotify Canvas videos',
    listPath: '/media/canvas-videos',
    // There is no separate video page: the progress page plays the finished loop.
    videoPath: (id) => `/canvas-render-progress/${id}`,
    progressPath: (id) => `/canvas-render-progress/${id}`,
    createPath: createUnder('/spotify-canvas-video-templates'),
    galleryLabel: 'Browse Canvas templates',
    deletedMessage: 'Canvas Deleted',
    deleteFailedMessage: 'Unable to delete Canvas',
  },
  particles: {
    noun: 'Particle video',
    plural: 'particle videos',
    listPath: '/media/particle-systems',
    videoPath: (id) => `/media/particle-systems/${id}`,
    progressPath: (id) => `/media/particle-system-render-progress/${id}`,
    // Every particle video starts in the editor (its designs are the templates).
    createPath: () => '/tools/particle-system-editor',
    galleryLabel: 'Open the particle editor',
    deletedMessage: 'Particle Video Deleted',
    deleteFailedMessage: 'Unable to delete particle video',
  },
};

/** A render's name for people: its title, else its track's name, else the template's title. */
export function renderName(
  info: Pick<RenderInfo, 'configuration' | 'template_title' | 'audio_file_name'>,
): string {
  return info.configuration.title.trim() || renderTrackName(info) || info.template_title;
}

/** The track it was made from: its file name without the extension. */
export function renderTrackName(info: Pick<RenderInfo, 'audio_file_name'>): string {
  return info.audio_file_name.replace(/\.[^.]*$/, '') || info.audio_file_name;
}
