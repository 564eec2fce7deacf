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
// The lyrics editor plays library tracks offline from the same saved copies.
export { cachedPlayable, savePlayable } from './playable-cache';
export { demoSceneInput } from './demo-scene';
export { PreviewFrame, PreviewStage, StageCanvas } from './preview-stage';
export { usePreviewPlayer } from './use-preview-player';
export { usePreviewWorker } from './use-preview-worker';
// The particle editor (features/particles) builds on the same editor parts.
export { Section } from './EditorSection';
export {
  aspectOf,
  chosenTrackSeconds,
  FormatFields,
  formatOfSettings,
  type OutputFormat,
} from './FormatFields';
export { ImageSlotPicker } from './ImageSlotPicker';
export { PreviewTransport } from './PreviewTransport';
export { renderConfiguration } from './render-configuration';
export { useRecentColors } from './use-recent-colors';
// The create flow every creator screen composes (use-create-render.ts).
export { previewImage } from './chosen-images';
export { LookSections } from './LookSections';
// The lyrics of the creators whose videos show them (visualizer, particles, release kit).
export { withLyrics } from './lyrics-look';
export { LyricsSection } from './LyricsSection';
export { useLyricsLook, type LyricsLook } from './use-lyrics-look';
export { RenderSubmit } from './RenderSubmit';
export { TrackPicker } from './TrackPicker';
export {
  useCreateRender,
  VISUALIZER_CREDIT,
  type CreateRenderFlow,
  type RenderCredit,
} from './use-create-render';
export { useTemplateLook, type TemplateLook } from './use-template-look';
