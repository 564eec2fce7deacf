// The Spotify Canvas templates, in gallery order (core/render/templates/index.ts lists them
// with the others). Each is seamless and beat-aligned through canvas-helpers.ts.

import { driftingParticles } from './drifting-particles';
import { filmGrain } from './film-grain';
import { kaleidoscope } from './kaleidoscope';
import { lightLeaks } from './light-leaks';
import { slowZoom } from './slow-zoom';
import { titleLoop } from './title-loop';
import { vhsGlitch } from './vhs-glitch';
import { vinyl } from './vinyl';

export const CANVAS_TEMPLATES = [
  slowZoom,
  lightLeaks,
  filmGrain,
  vinyl,
  kaleidoscope,
  vhsGlitch,
  driftingParticles,
  titleLoop,
];
