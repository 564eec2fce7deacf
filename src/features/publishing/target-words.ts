// How a publish target reads on screen.
import type { PublishTargetKind } from '../../api/publishing';

export const TARGET_NOUNS: Record<PublishTargetKind, string> = {
  visualizer: 'Music visualizer',
  'single-frame': 'Static music video',
  canvas: 'Spotify Canvas',
  particles: 'Particle video',
  video: 'Video',
};
