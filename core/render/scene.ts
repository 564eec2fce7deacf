// The scene model: what one video is made of. A template plus the user's settings and assets plus
// the track's stored analysis. The same Scene drawn at the same time gives the same picture in the
// browser preview and in the server render.

import type { Analysis } from '../audio-analysis/analysis-format';
import type { ParticleDesign } from '../particles/design';
import type { ParticleStage } from '../particles/particle-stage';
import type { LoopSettings } from './canvas-loop';
import type { RenderImage } from './canvas-2d';
import type { LyricsSettings } from './lyrics/lyric-style-name';

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
