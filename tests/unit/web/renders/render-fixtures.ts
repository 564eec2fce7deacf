import type {
  RenderConfiguration,
  StaticVideo,
  StaticVideoTaskProgress,
  Visualizer,
  VisualizerTaskProgress,
} from '../../../../src/api/renders';

export const VIZ_ID = '0b6d2c1e-6a39-4b8e-9a57-2f4f6f7b9a01';
export const STATIC_ID = '5c0c8d0e-1f0a-4e64-bb1f-8a2a1c3d4e02';

export function configuration(overrides: Partial<RenderConfiguration> = {}): RenderConfiguration {
  return {
    template: 'mirrored-bars',
    width: 1920,
    height: 1080,
    fps: 30,
    title: 'Night Drive',
    artist: 'Lumen',
    color_border: '#ffffff',
    color_fill: '#7c5cff',
    spectrum_color: '#ff4f9a',
    primary_color: '#7c5cff',
    secondary_color: '#ff4f9a',
    bar_border: '#ffffff',
    bar_fill: '#7c5cff',
    waveform_color: '#ffffff',
    ...overrides,
  };
}

export function visualizer(overrides: Partial<Visualizer> = {}): Visualizer {
  const id = overrides.upload_uuid ?? VIZ_ID;
  const done = (overrides.render_status ?? 'IN-PROGRESS') === 'COMPLETE';
  return {
    upload_uuid: id,
    render_status: 'IN-PROGRESS',
    configuration: configuration(),
    template_title: 'Mirrored Bars',
    audio_uuid: 'a1',
    audio_file_name: 'night-drive.mp3',
    duration_seconds: 192,
    thumbnail_image: done ? `/api/visualizers/thumbnail/${id}` : null,
    video_url: done ? `/api/visualizers/video/${id}` : null,
    download_url: done ? `/api/visualizers/video/${id}?download=1` : null,
    file_size: done ? 12_345_678 : null,
    created_at: '2026-03-12T10:00:00.000Z',
    finished_at: null,
    error: null,
    ...overrides,
  };
}

export function vizProgress(
  status: VisualizerTaskProgress['status'],
  percent: number,
  overrides: Partial<VisualizerTaskProgress> = {},
): VisualizerTaskProgress {
  return {
    upload_uuid: VIZ_ID,
    status,
    percent_complete: percent,
    time_remaining: status === 'IN-PROGRESS' ? 90 : null,
    time_remaining_hr: status === 'IN-PROGRESS' ? 'About 2 minutes left' : 'Done',
    vizInfo:
      status === 'NotFound'
        ? null
        : visualizer({ render_status: status, ...(overrides.vizInfo ?? {}) }),
    ...overrides,
  };
}

export function staticVideo(overrides: Partial<StaticVideo> = {}): StaticVideo {
  const id = overrides.upload_uuid ?? STATIC_ID;
  const done = (overrides.render_status ?? 'RENDERING') === 'VIDEO READY';
  return {
    upload_uuid: id,
    render_status: 'RENDERING',
    upload_status: 'NO UPLOAD',
    yt_upload: null,
    vidInfo: {
      upload_uuid: id,
      configuration: configuration({ template: 'cover-on-blur', title: 'Still Life' }),
      template_title: 'Cover on Blur',
      audio_uuid: 'a1',
      audio_file_name: 'still-life.m4a',
      duration_seconds: 200,
      thumbnail_image: done ? `/api/music-videos/thumbnail/${id}` : null,
      video_url: done ? `/api/music-videos/video/${id}` : null,
      download_url: done ? `/api/music-videos/video/${id}?download=1` : null,
      file_size: done ? 3_000_000 : null,
      created_at: '2026-03-11T10:00:00.000Z',
      finished_at: null,
      error: null,
    },
    ...overrides,
  };
}

export function staticProgressOf(video: StaticVideo, percent: number): StaticVideoTaskProgress {
  return {
    upload_uuid: video.upload_uuid,
    render_status: video.render_status,
    upload_status: video.upload_status,
    yt_upload: video.yt_upload,
    percent_complete: percent,
    time_remaining: null,
    time_remaining_hr: video.render_status === 'RENDERING' ? 'Less than a minute left' : 'Done',
    vidInfo: video.vidInfo,
  };
}
