// Every template, by kind. Add a template here and it appears in the gallery, the creator, the
// server's validation and `npm run render -- templates`.

import type { Template } from '../template';
import { circularSpectrum } from './circular-spectrum';
import { backgroundLogo } from './background-logo';
import { CANVAS_TEMPLATES } from './canvas';
import { coverCentred } from './cover-centred';
import { coverTitle } from './cover-title';
import { gradientPoster } from './gradient-poster';
import { logoGlow } from './logo-glow';
import { neonWave } from './neon-wave';
import { nowPlaying } from './now-playing';
import { particleBurst } from './particle-burst';
import { particleSystem } from './particles/particle-system';
import { pulseRings } from './pulse-rings';
import { retroScope } from './retro-scope';
import { splitType } from './split-type';
import { spectrumBars } from './spectrum-bars';
import { vinylSleeve } from './vinyl-sleeve';

export const TEMPLATES: readonly Template[] = [
  circularSpectrum,
  spectrumBars,
  neonWave,
  pulseRings,
  particleBurst,
  nowPlaying,
  logoGlow,
  retroScope,
  coverCentred,
  coverTitle,
  vinylSleeve,
  splitType,
  backgroundLogo,
  gradientPoster,
  ...CANVAS_TEMPLATES,
  particleSystem,
] as Template[];
