import { CANVAS_COPY, CreateRenderScreen } from '../render-editor';

/** /spotify-canvas-video-templates/create/{vizName} */
export function CreateCanvasScreen(props: { title: string; description: string }) {
  return <CreateRenderScreen {...props} copy={CANVAS_COPY} />;
}
