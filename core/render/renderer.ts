// The renderer: one entry point for the browser preview, the server render and the command line.

import type { Canvas2D, RenderHost } from './canvas-2d';
import {
  CANVAS_FRAME_RATES,
  CANVAS_MAX_SECONDS,
  CANVAS_MIN_SECONDS,
  CANVAS_DEFAULT_FPS,
  CANVAS_SIZES,
  loopTime,
  planLoop,
} from './canvas-loop';
import { checkDesign } from '../particles/design';
import { createParticleStage } from '../particles/particle-stage';
import { presetDesign } from '../particles/presets';
import { featuresAt } from './features';
import { checkLyrics, drawLyrics, lyricsShownAt } from './lyrics/lyrics-layer';
import {
  ASPECTS,
  COLOR_FIELDS,
  outputSize,
  UHD_ASPECTS,
  UHD_KINDS,
  type Aspect,
  type RenderKind,
  type Scene,
  type SceneSettings,
} from './scene';
import type { FrameInput, Template, TemplateInfo } from './template';
import { TEMPLATES } from './templates';

export interface PreparedScene {
  scene: Scene;
  template: Template;
  layers: unknown;
}

export function findTemplate(kind: RenderKind, name: string): Template | undefined {
  return TEMPLATES.find((t) => t.kind === kind && t.name === name);
}

/** Descriptions of the templates (of one kind, or all), in gallery order. */
export function listTemplates(kind?: RenderKind): TemplateInfo[] {
  return TEMPLATES.filter((t) => !kind || t.kind === kind).map((t) => ({
    kind: t.kind,
    name: t.name,
    title: t.title,
    description: t.description,
    colorFields: t.colorFields,
    imageSlots: t.imageSlots,
    textFields: t.textFields,
    defaultColors: t.defaultColors,
    aspects: t.aspects,
  }));
}

/** Settings of a template with its defaults, at its first aspect (or the one given). */
export function defaultSettings(template: TemplateInfo, aspect?: Aspect): SceneSettings {
  const size =
    template.kind === 'canvas' ? CANVAS_SIZES[0] : ASPECTS[aspect ?? template.aspects[0]!];
  const fps = template.kind === 'canvas' ? CANVAS_DEFAULT_FPS : 30;
  return {
    kind: template.kind,
    template: template.name,
    width: size.width,
    height: size.height,
    fps,
    ...(template.kind === 'canvas' ? { loop: planLoop({ analysis: null, fps }) } : {}),
    ...(template.kind === 'particles' ? { particles: presetDesign('snow') } : {}),
    colors: { ...template.defaultColors },
    title: '',
    artist: '',
    seed: 1,
  };
}

/** Checks settings from outside (a request, a command line); the reason names what is wrong. */
export function checkSettings(
  settings: SceneSettings,
): { ok: true; template: Template } | { ok: false; reason: string } {
  const template = findTemplate(settings.kind, settings.template);
  if (!template)
    return { ok: false, reason: `Unknown ${settings.kind} template "${settings.template}"` };
  const sizeReason =
    settings.kind === 'canvas' ? checkCanvasTiming(settings) : checkVideoTiming(template, settings);
  if (sizeReason) return { ok: false, reason: sizeReason };
  if (settings.kind === 'particles') {
    const design = checkDesign(settings.particles);
    if (!design.ok) return { ok: false, reason: design.reason };
  }
  for (const field of COLOR_FIELDS) {
    if (!/^#[0-9a-f]{6}$/i.test(settings.colors[field] ?? '')) {
      return { ok: false, reason: `Colour ${field} must be #rrggbb` };
    }
  }
  if (settings.lyrics !== undefined) {
    if (!LYRIC_KINDS.includes(settings.kind)) {
      return { ok: false, reason: 'Lyrics are drawn on visualizer and particle videos only' };
    }
    const reason = checkLyrics(settings.lyrics);
    if (reason) return { ok: false, reason };
  }
  return { ok: true, template };
}

/** The kinds whose videos can carry lyrics (a still or a Canvas loop has none). */
const LYRIC_KINDS: readonly RenderKind[] = ['visualizer', 'particles'];

/**
 * The output sizes of a template: each of its aspects at 1080p, and at 4K those of UHD_ASPECTS
 * for the kinds that have 4K (UHD_KINDS).
 */
export function offeredSizes(template: TemplateInfo): { width: number; height: number }[] {
  const uhd = UHD_KINDS.includes(template.kind)
    ? template.aspects.filter((a) => UHD_ASPECTS.includes(a)).map((a) => outputSize(a, '4k'))
    : [];
  return [...template.aspects.map((a) => ASPECTS[a]), ...uhd];
}

/** Size and frame rate of a visualizer, particle or single-frame video: its template's, 30 or 60 fps. */
function checkVideoTiming(template: Template, settings: SceneSettings): string | null {
  const sizes = offeredSizes(template);
  if (!sizes.some((s) => s.width === settings.width && s.height === settings.height)) {
    const offered = sizes.map((s) => `${s.width}x${s.height}`);
    return `Size ${settings.width}x${settings.height} is not offered (${offered.join(', ')})`;
  }
  if (settings.fps !== 30 && settings.fps !== 60) {
    return `Frame rate ${settings.fps} is not offered (30 or 60)`;
  }
  return null;
}

/** Size, frame rate and loop of a Canvas: Spotify's 9:16 sizes, 24-30 fps, 3-8 seconds. */
function checkCanvasTiming(settings: SceneSettings): string | null {
  if (!CANVAS_SIZES.some((s) => s.width === settings.width && s.height === settings.height)) {
    const offered = CANVAS_SIZES.map((s) => `${s.width}x${s.height}`).join(', ');
    return `Size ${settings.width}x${settings.height} is not offered for a Canvas (${offered})`;
  }
  if (!(CANVAS_FRAME_RATES as readonly number[]).includes(settings.fps)) {
    return `Frame rate ${settings.fps} is not offered for a Canvas (${CANVAS_FRAME_RATES.join(', ')})`;
  }
  const loop = settings.loop;
  if (!loop) return 'A Canvas needs its loop';
  const seconds = loop.frames / settings.fps;
  if (
    !Number.isInteger(loop.frames) ||
    seconds < CANVAS_MIN_SECONDS - 0.5 / settings.fps ||
    seconds > CANVAS_MAX_SECONDS + 0.5 / settings.fps
  ) {
    return `A Canvas lasts ${CANVAS_MIN_SECONDS} to ${CANVAS_MAX_SECONDS} seconds`;
  }
  if (!Number.isInteger(loop.beats) || loop.beats < 0) return 'Beats must be a whole number';
  if (!(loop.energy >= 0 && loop.energy <= 1)) return 'Energy must be between 0 and 1';
  return null;
}

/** Draws the template's expensive layers once; reuse the result for every frame of the scene. */
export function prepareScene(host: RenderHost, scene: Scene): PreparedScene {
  const template = findTemplate(scene.settings.kind, scene.settings.template);
  if (!template) {
    throw new Error(`Unknown ${scene.settings.kind} template "${scene.settings.template}"`);
  }
  return { scene, template, layers: template.prepare(host, scene) };
}

/** The particle stage a scene needs (a particle render's simulation), or undefined. */
async function startParticles(
  host: RenderHost,
  scene: Omit<Scene, 'particles'>,
): Promise<Scene['particles']> {
  const { settings } = scene;
  if (settings.kind !== 'particles' || !settings.particles) return undefined;
  return createParticleStage(host, {
    design: settings.particles,
    width: settings.width,
    height: settings.height,
    fps: settings.fps,
    seed: settings.seed,
    analysis: scene.analysis,
  });
}

/**
 * prepareScene, after starting what a kind needs that takes time: a particle render's simulation
 * (tsParticles' engine, seeded with the settings' seed). Every host prepares through this.
 */
export async function prepareSceneAsync(
  host: RenderHost,
  scene: Omit<Scene, 'particles'>,
): Promise<PreparedScene> {
  const particles = await startParticles(host, scene);
  return prepareScene(host, { ...scene, ...(particles ? { particles } : {}) });
}

/**
 * The scene from its first frame again, for a time before the one drawn (the particle simulation
 * only runs forward): the particle stage is made anew with the same seed, so the frames are the
 * ones already seen; the template's layers are kept. Scenes without a stage come back as they are.
 */
export async function rewindScene(
  host: RenderHost,
  prepared: PreparedScene,
): Promise<PreparedScene> {
  const { scene } = prepared;
  if (!scene.particles) return prepared;
  scene.particles.destroy();
  return { ...prepared, scene: { ...scene, particles: await startParticles(host, scene) } };
}

/** Whether drawing t needs rewindScene first: a particle stage is already past t. */
export function needsRewind(prepared: PreparedScene, t: number): boolean {
  const stage = prepared.scene.particles;
  return !!stage && Math.round(t * prepared.scene.settings.fps) < stage.frame;
}

/** Draws the frame at time t (seconds) onto ctx, whose canvas has the scene's size. Pure in t. */
function frameInput(prepared: PreparedScene, t: number): FrameInput<unknown> {
  const { scene, layers } = prepared;
  const { width, height } = scene.settings;
  return {
    scene,
    layers,
    t,
    features: featuresAt(scene.analysis, t),
    width,
    height,
    loop: scene.settings.loop ? loopTime(scene.settings.loop, scene.settings.fps, t) : null,
  };
}

/**
 * Draws frame t onto ctx: the canvas part (drawFrameCanvas), then, for a template that draws
 * into pixels, reads the canvas's pixels, lets it draw and writes them back.
 */
export function drawFrame(ctx: Canvas2D, prepared: PreparedScene, t: number): void {
  const input = drawFrameCanvas(ctx, prepared, t);
  if (!prepared.template.drawPixels) return;
  const { width, height } = ctx.canvas;
  const image = ctx.getImageData(0, 0, width, height);
  drawFramePixelsOf(prepared, input, image.data, width, height);
  ctx.putImageData(image, 0, 0);
  drawFrameOverlay(ctx, prepared, input);
}

/** The lyrics of the scene, when its kind draws them. */
function lyricsOf(prepared: PreparedScene) {
  const { settings } = prepared.scene;
  return LYRIC_KINDS.includes(settings.kind) ? settings.lyrics : undefined;
}

/**
 * Whether frame t of a scene that draws into pixels has something to draw over them
 * (drawFrameOverlay): its lyrics, when a line is on screen. A host that hands the pixels to
 * drawFramePixels then writes them back to the canvas, calls drawFrameOverlay and reads them again.
 */
export function hasFrameOverlay(prepared: PreparedScene, t: number): boolean {
  return !!prepared.template.drawPixels && lyricsShownAt(lyricsOf(prepared), t);
}

/**
 * Draws what lies over the finished frame of a template that draws into pixels (its lyrics);
 * other templates' lyrics are drawn by drawFrameCanvas, over the template's canvas drawing.
 */
export function drawFrameOverlay(
  ctx: Canvas2D,
  prepared: PreparedScene,
  input: FrameInput<unknown>,
): void {
  const lyrics = lyricsOf(prepared);
  if (!lyrics || !prepared.template.drawPixels) return;
  drawSceneLyrics(ctx, prepared, lyrics, input);
}

function drawSceneLyrics(
  ctx: Canvas2D,
  prepared: PreparedScene,
  lyrics: NonNullable<SceneSettings['lyrics']>,
  input: FrameInput<unknown>,
): void {
  drawLyrics(ctx, lyrics, {
    t: input.t,
    width: input.width,
    height: input.height,
    colors: prepared.scene.settings.colors,
    features: input.features,
    mainShape:
      prepared.template.mainShape?.({
        width: input.width,
        height: input.height,
        scene: prepared.scene,
      }) ?? null,
  });
}

/**
 * The canvas part of frame t, for a host that reads the pixels anyway (the server's frame loop):
 * it then hands them to drawFramePixels, which drawFrame otherwise does through the canvas.
 */
export function drawFrameCanvas(
  ctx: Canvas2D,
  prepared: PreparedScene,
  t: number,
): FrameInput<unknown> {
  const { template } = prepared;
  const input = frameInput(prepared, t);
  ctx.save();
  ctx.resetTransform();
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.filter = 'none';
  ctx.shadowBlur = 0;
  if (!template.coversFrame) {
    ctx.fillStyle = '#000000';
    ctx.fillRect(0, 0, input.width, input.height);
  }
  template.draw(ctx, input);
  ctx.restore();
  const lyrics = lyricsOf(prepared);
  if (lyrics && !template.drawPixels) drawSceneLyrics(ctx, prepared, lyrics, input);
  return input;
}

/** Whether frames of this scene are finished in their pixels (drawFramePixels). */
export function drawsIntoPixels(prepared: PreparedScene): boolean {
  return prepared.template.drawPixels !== undefined;
}

/**
 * Whether the canvas of the frame drawFrameCanvas just drew is the scene's backdrop only (the same
 * in every such frame; its moving parts come from drawFramePixels): see Template.canvasIsBackdrop.
 */
export function canvasIsBackdrop(prepared: PreparedScene, input: FrameInput<unknown>): boolean {
  return prepared.template.canvasIsBackdrop?.(input) ?? false;
}

/** The pixel part of the frame drawFrameCanvas drew: RGBA of the output's size. */
export function drawFramePixels(
  prepared: PreparedScene,
  input: FrameInput<unknown>,
  rgba: Uint8Array | Uint8ClampedArray,
): void {
  const { width, height } = prepared.scene.settings;
  drawFramePixelsOf(prepared, input, rgba, width, height);
}

function drawFramePixelsOf(
  prepared: PreparedScene,
  input: FrameInput<unknown>,
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): void {
  const scale = width / prepared.scene.settings.width;
  prepared.template.drawPixels?.({ data, width, height, scale }, input);
}
