// The scene model: what one video is made of. A template plus the user's settings and assets plus
// the track's stored analysis. The same Scene drawn at the same time gives the same picture in the
// browser preview and in the server render.

import type { Analysis } from '../audio-analysis/analysis-format';
import type { ParticleDesign } from '../particles/design';
import type { ParticleStage } from '../particles/particle-stage';
import type { LoopSettings } from './canvas-loop';
import type { RenderImage } from './canvas-2d';
import type { LyricsSettings } from './lyrics/lyric-style-name';
import { layoutScale } from './layout-scale';

export { layoutScale } from './layout-scale';

export type RenderKind = 'visualizer' | 'single-frame' | 'canvas' | 'particles';
export const RENDER_KINDS: readonly RenderKind[] = [
  'visualizer',
  'single-frame',
  'canvas',
  'particles',
];

/** The colour fields of the Visualizer entity (spec section 3), as '#rrggbb' strings. */
export const COLOR_FIELDS = [
  'color_border',
  'color_fill',
  'spectrum_color',
  'primary_color',
  'secondary_color',
  'bar_border',
  'bar_fill',
  'waveform_color',
] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];
export type SceneColors = Record<ColorField, string>;

export const IMAGE_SLOTS = ['background', 'logo', 'album_art'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];

export const TEXT_FIELDS = ['title', 'artist'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const ASPECTS = {
  '16:9': { width: 1920, height: 1080 },
  '1:1': { width: 1080, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
  // Instagram's feed portrait: a visualizer's or particle render's 1:1 layout, given more height.
  '4:5': { width: 1080, height: 1350 },
} as const;
export type Aspect = keyof typeof ASPECTS;
export const FRAME_RATES = [30, 60] as const;
export type FrameRate = (typeof FRAME_RATES)[number];

/**
 * Output resolutions, as the factor on the aspects' sizes: 1080p, and 4K (2160p, twice each
 * side). Templates lay out in units of the shorter side over 1080 (draw-helpers' unit), so a 4K
 * frame is the 1080p picture drawn with twice the pixels, not a different layout.
 */
export const RESOLUTIONS = { '1080p': 1, '4k': 2 } as const;
export type Resolution = keyof typeof RESOLUTIONS;
/** The aspects offered at 4K: YouTube's 16:9, the square and the vertical (3840x2160, 2160x2160, 2160x3840). */
export const UHD_ASPECTS: readonly Aspect[] = ['16:9', '1:1', '9:16'];
/** The kinds with 4K outputs (a Canvas is Spotify's 1080x1920 and a loop extension keeps its clip's). */
export const UHD_KINDS: readonly RenderKind[] = ['visualizer', 'single-frame', 'particles'];

/** The output size of an aspect at a resolution. */
export function outputSize(
  aspect: Aspect,
  resolution: Resolution,
): { width: number; height: number } {
  const factor = RESOLUTIONS[resolution];
  return { width: ASPECTS[aspect].width * factor, height: ASPECTS[aspect].height * factor };
}

/** Every output size of a video: each aspect at 1080p, then UHD_ASPECTS at 4K. */
export const VIDEO_SIZES: readonly { width: number; height: number }[] = [
  ...Object.values(ASPECTS),
  ...UHD_ASPECTS.map((aspect) => outputSize(aspect, '4k')),
];

/** The aspect and resolution of an output size, or null for a size not in the catalogue. */
export function formatOf(
  width: number,
  height: number,
): { aspect: Aspect; resolution: Resolution } | null {
  for (const resolution of Object.keys(RESOLUTIONS) as Resolution[]) {
    for (const aspect of Object.keys(ASPECTS) as Aspect[]) {
      const size = outputSize(aspect, resolution);
      if (size.width === width && size.height === height) return { aspect, resolution };
    }
  }
  return null;
}

/** The settings at their 1080p layout size: what a preview draws (at screen size) for a 4K output. */
export function atLayoutSize<T extends { width: number; height: number }>(settings: T): T {
  const scale = layoutScale(settings);
  if (scale === 1) return settings;
  return {
    ...settings,
    width: Math.round(settings.width / scale),
    height: Math.round(settings.height / scale),
  };
}

/** What the user chose; stored with the render as its configuration. */
export interface SceneSettings {
  kind: RenderKind;
  /** Template name, the {vizName} of the routes. */
  template: string;
  width: number;
  height: number;
  /** Frames per second of the output (a single-frame video ignores it). */
  fps: number;
  /** Every field present; templates read the ones they use (unknown ones are ignored). */
  colors: SceneColors;
  title: string;
  artist: string;
  /** Seed of the template's randomness (particles, grain): same seed, same video. */
  seed: number;
  /** A Canvas loop's timing (canvas-loop.ts planLoop); absent for the other kinds. */
  loop?: LoopSettings;
  /** A particle render's design (particles/design.ts); absent for the other kinds. */
  particles?: ParticleDesign;
  /** Timed lyrics drawn over a visualizer or particle render in a lyric style; else absent. */
  lyrics?: LyricsSettings;
}

/** Decoded images for the template's slots; a missing slot is drawn without (never an error). */
export type SceneImages = Partial<Record<ImageSlot, RenderImage>>;

export interface Scene {
  settings: SceneSettings;
  images: SceneImages;
  /** The track's analysis (WFA1); null for a single-frame video or before audio is chosen. */
  analysis: Analysis | null;
  /** A particle render's running simulation (prepareSceneAsync starts it); else absent. */
  particles?: ParticleStage;
}

/** Number of video frames for a track: the frame containing the last sample is included. */
export function videoFrameCount(durationSeconds: number, fps: number): number {
  return Math.max(1, Math.ceil(durationSeconds * fps - 1e-9));
}
