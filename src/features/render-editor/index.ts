// What the rest of the app uses of features/render-editor; its other files are its own (lint-enforced).
export { LOCAL_FILE_INPUT_LABEL } from './AudioPicker';
export {
  CANVAS_COPY,
  CreateRenderScreen,
  SINGLE_FRAME_COPY,
  VISUALIZER_COPY,
} from './CreateRenderScreen';
export { TemplateCard } from './TemplateCard';
export { useChosenAudio, type AudioChoice } from './chosen-audio';
export { demoSceneInput } from './demo-scene';
export { PreviewStage, StageCanvas } from './preview-stage';
export { usePreviewPlayer } from './use-preview-player';
export { usePreviewWorker } from './use-preview-worker';
