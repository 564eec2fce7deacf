// Every kind of `npm run render -- <kind>`, in the order the usage and messages name them.

import type { Kind } from '../kind';
import { canvasKind } from './canvas';
import { kitKind } from './kit';
import { loopKind } from './loop';
import { particlesKind } from './particles';
import { templatesKind } from './templates';
import { videoKind } from './video';

export const KINDS: readonly Kind[] = [
  videoKind('visualizer'),
  videoKind('single-frame'),
  canvasKind,
  particlesKind,
  loopKind,
  kitKind,
  templatesKind,
];
