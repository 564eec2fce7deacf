// Every kind of `npm run render -- <kind>`, in the order the usage and messages name them.

import type { Kind } from '../kind';
import { canvasKind } from './canvas';
import { kitKind } from './kit';
import { loopKind } from './loop';
import { particlesKind } from './particles';
import { templatesKind } from './templates';
import { singleFrameKind, visualizerKind } from './video';

export const KINDS: readonly Kind[] = [
  visualizerKind,
  singleFrameKind,
  canvasKind,
  particlesKind,
  loopKind,
  kitKind,
  templatesKind,
];
