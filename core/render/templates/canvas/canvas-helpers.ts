// What the Canvas templates share: the artwork they loop, the loop timing of a frame, and the
// rules that keep a loop seamless. Every moving thing is a function of the loop's phase (never
// of absolute time), cycles a whole number of times per loop, and anything that changes in
// steps changes where it cannot be seen (a glitch pattern switches halfway between beats, where
// the pulse is zero), so the last frame flows into the first like any frame into the next.

import type { LoopTime } from '../../canvas-loop';
import type { RenderHost, RenderImage, Surface } from '../../canvas-2d';
import type { Scene } from '../../scene';
import type { TemplateInfo } from '../../template';
import { glowSprite, prepareBackdrop, type BackdropOptions } from '../draw-helpers';

/** The picture a Canvas loops: the album art, else the background, else none. */
export function loopArtwork(scene: Scene): RenderImage | undefined {
  return scene.images.album_art ?? scene.images.background;
}

/** A still frame's loop time (a template drawn outside a loop, e.g. a gallery thumbnail). */
const STILL: LoopTime = {
  seconds: 6,
  phase: 0,
  beats: 0,
  beat: 0,
  beatPhase: 0,
  pulse: 0,
  energy: 0.5,
};

/** The frame's loop time, or a still one. */
export function loopOf(loop: LoopTime | null): LoopTime {
  return loop ?? STILL;
}

/** Beat pulse scaled by how energetic the section is (calm sections pulse gently). */
export function beatAccent(loop: LoopTime): number {
  return loop.pulse * (0.45 + 0.55 * loop.energy);
}

/**
 * Which step of a stepped effect a frame shows: one per beat, switching halfway between beats
 * where the pulse is zero (without beats, one per quarter of the loop).
 */
export function beatStep(loop: LoopTime): number {
  if (loop.beats <= 0) return Math.floor(loop.phase * 4) % 4;
  return (loop.beat + (loop.beatPhase >= 0.5 ? 1 : 0)) % loop.beats;
}

/** Index of the frame within the loop, 0..frames-1. */
export function loopFrame(loop: LoopTime, fps: number): number {
  const frames = Math.max(1, Math.round(loop.seconds * fps));
  return Math.round(loop.phase * frames) % frames;
}

/** The description fields every Canvas template shares. */
export const CANVAS_INFO: Pick<TemplateInfo, 'kind' | 'aspects'> = {
  kind: 'canvas',
  aspects: ['9:16'],
};

/** The artwork covering a frame of the loop's size (or larger, to drift), as prepareBackdrop draws it. */
export function artworkBackdrop(
  host: RenderHost,
  scene: Scene,
  options: BackdropOptions,
  size: { width: number; height: number } = scene.settings,
): Surface {
  const { colors } = scene.settings;
  return overBlack(
    host,
    prepareBackdrop(
      host,
      loopArtwork(scene),
      size.width,
      size.height,
      { primary: colors.primary_color, secondary: colors.secondary_color },
      options,
    ),
  );
}

/**
 * The surface over black, as a frame shows it, and opaque (a picture with transparency, or a
 * blur's edges, are not): a template drawing it first covers the frame (Template.coversFrame).
 */
export function overBlack(host: RenderHost, surface: Surface): Surface {
  const { width, height } = surface.image;
  const opaque = host.createSurface(width, height);
  opaque.ctx.fillStyle = '#000000';
  opaque.ctx.fillRect(0, 0, width, height);
  opaque.ctx.drawImage(surface.image, 0, 0);
  return opaque;
}

/** The artwork backdrop and two glow sprites (color_fill and spectrum_color) to light it with. */
export function backdropAndGlows(
  host: RenderHost,
  scene: Scene,
  options: BackdropOptions,
  glowSize: number,
): { back: Surface; warm: Surface; cool: Surface } {
  const { colors } = scene.settings;
  return {
    back: artworkBackdrop(host, scene, options),
    warm: glowSprite(host, colors.color_fill, glowSize),
    cool: glowSprite(host, colors.spectrum_color, glowSize),
  };
}
