// What the rest of the app uses of features/renders; its other files are its own (lint-enforced).
export { useHasVisualizers, useRenderCounts, useRenderSyncStatus } from './render-queries';
export { TrackVideos } from './TrackVideos';
export {
  CanvasListScreen,
  CanvasRenderProgressScreen,
  ParticleListScreen,
  ParticleProgressScreen,
  ParticleVideoScreen,
  StaticVideoListScreen,
  StaticVideoProgressScreen,
  StaticVideoScreen,
  VisualizerListScreen,
  VisualizerProgressScreen,
  VisualizerVideoScreen,
} from './render-screens';
