import type { RenderKind } from '../../../core/render/scene';
import { canvasKind } from './canvas';
import { particlesKind } from './particles';
import type { RenderKindModule } from './render-kind';
import { singleFrameKind } from './single-frame';
import { visualizerKind } from './visualizer';

/** Every kind the engine renders, by name: a new kind is one more line here. */
export const RENDER_KIND_MODULES: Readonly<Record<RenderKind, RenderKindModule>> = {
  visualizer: visualizerKind,
  'single-frame': singleFrameKind,
  canvas: canvasKind,
  particles: particlesKind,
};
