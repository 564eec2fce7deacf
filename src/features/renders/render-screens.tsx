// The render screens as the route table registers them (src/routes/screens.tsx).
import { RenderListScreen } from './RenderListScreen';
import { RenderProgressScreen } from './RenderProgressScreen';
import { RenderVideoScreen } from './RenderVideoScreen';

type ScreenText = { title: string; description: string };

export function VisualizerListScreen(props: ScreenText) {
  return <RenderListScreen kind="visualizer" {...props} />;
}
export function StaticVideoListScreen(props: ScreenText) {
  return <RenderListScreen kind="single-frame" {...props} />;
}
export function VisualizerVideoScreen(props: ScreenText) {
  return <RenderVideoScreen kind="visualizer" {...props} />;
}
export function StaticVideoScreen(props: ScreenText) {
  return <RenderVideoScreen kind="single-frame" {...props} />;
}
export function VisualizerProgressScreen(props: ScreenText) {
  return <RenderProgressScreen kind="visualizer" {...props} />;
}
export function StaticVideoProgressScreen(props: ScreenText) {
  return <RenderProgressScreen kind="single-frame" {...props} />;
}
export function CanvasListScreen(props: ScreenText) {
  return <RenderListScreen kind="canvas" {...props} />;
}
export function CanvasRenderProgressScreen(props: ScreenText) {
  return <RenderProgressScreen kind="canvas" {...props} />;
}
export function ParticleListScreen(props: ScreenText) {
  return <RenderListScreen kind="particles" {...props} />;
}
export function ParticleVideoScreen(props: ScreenText) {
  return <RenderVideoScreen kind="particles" {...props} />;
}
export function ParticleProgressScreen(props: ScreenText) {
  return <RenderProgressScreen kind="particles" {...props} />;
}
