import { CreateRenderScreen, VISUALIZER_COPY } from '../render-editor';

/** /audio-reactive-music-visualizers/create/{vizName} */
export function CreateVisualizerScreen(props: { title: string; description: string }) {
  return <CreateRenderScreen {...props} copy={VISUALIZER_COPY} />;
}
