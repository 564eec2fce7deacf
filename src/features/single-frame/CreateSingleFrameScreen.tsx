import { CreateRenderScreen, SINGLE_FRAME_COPY } from '../render-editor';

/** /single-frame-music-video-templates/create/{vizName} */
export function CreateSingleFrameScreen(props: { title: string; description: string }) {
  return <CreateRenderScreen {...props} copy={SINGLE_FRAME_COPY} />;
}
