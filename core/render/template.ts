// What a template is: a description the UI lists and validates against, plus how it draws.

import type { Canvas2D, RenderHost } from './canvas-2d';
import type { LoopTime } from './canvas-loop';
import type { FrameFeatures } from './features';
import type { Box } from './lyrics/layout';
import type { PixelFrame } from './pixel-frame';
import type {
  Aspect,
  ColorField,
  ImageSlot,
  RenderKind,
  Scene,
  SceneColors,
  TextField,
} from './scene';

/** The description of a template: everything but its drawing code, safe to send anywhere. */
export interface TemplateInfo {
  kind: RenderKind;
  /** URL-safe name, the {vizName} of the routes, e.g. 'circular-spectrum'. */
  name: string;
  /** Display name, e.g. 'Circular Spectrum'. */
  title: string;
  /** One sentence for the gallery. */
  description: string;
  /** Colour fields this template uses (the colour pickers shown). */
  colorFields: readonly ColorField[];
  /** Image slots this template uses. */
  imageSlots: readonly ImageSlot[];
  /** Text fields this template shows. */
  textFields: readonly TextField[];
  /** Default for every colour field. */
  defaultColors: SceneColors;
  /** Output shapes offered; the first is the default. */
  aspects: readonly Aspect[];
}

/** What a template's draw gets for one frame. */
export interface FrameInput<Layers> {
  scene: Scene;
  /** Whatever prepare returned (pre-drawn blurred backgrounds, masks, ...). */
  layers: Layers;
  /** Time in seconds from the start of the audio. */
  t: number;
  /** Musical features at t, smoothed (attack/release), normalised per track; silence if no audio. */
  features: FrameFeatures;
  width: number;
  height: number;
  /** Where a Canvas frame sits in its loop (t is then seconds from the loop's start); else null. */
  loop: LoopTime | null;
}

export interface Template<Layers = unknown> extends TemplateInfo {
  /** Called once per scene: draw expensive things (blur, masks) into host surfaces. */
  prepare(host: RenderHost, scene: Scene): Layers;
  /**
   * Where the template's main shape (Circular Spectrum's ring, at its largest, with the title
   * under it) lies in a frame of this size: the scene's lyrics keep clear of it. A template with
   * one makes room for lyrics when the scene has them. Absent: lyrics use the whole safe area.
   */
  mainShape?(frame: { width: number; height: number; scene: Scene }): Box;
  /** Draws the frame over black (the renderer fills it first, unless coversFrame). Pure in t. */
  draw(ctx: Canvas2D, input: FrameInput<Layers>): void;
  /**
   * True when draw's first drawing paints every pixel of the frame opaque (a prepared backdrop
   * drawn whole): the renderer then skips its black fill, a full-frame pass each frame.
   */
  coversFrame?: boolean;
  /**
   * Draws into the frame's pixels after draw: what is quicker to draw in memory than through
   * canvas calls (pixel-frame.ts). Only a template with it has its frames' pixels read back.
   */
  drawPixels?(frame: PixelFrame, input: FrameInput<Layers>): void;
  /**
   * After draw: true when this frame's canvas holds only its backdrop, the same at every t (what
   * moves is all in drawPixels). A host may then reuse the canvas pixels it read from an earlier
   * such frame instead of reading them again (reading 8 MB a 1080p frame is the costly part).
   */
  canvasIsBackdrop?(input: FrameInput<Layers>): boolean;
}

/** Helper that keeps the Layers type of one template checked while the registry holds many. */
export function defineTemplate<Layers>(template: Template<Layers>): Template<Layers> {
  return template;
}
