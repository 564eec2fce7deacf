// What the rest of the app uses of features/visualizers; its other files are its own (lint-enforced).
export { CreateVisualizerScreen } from './CreateVisualizerScreen';
export { VisualizerCreatorScreen } from './VisualizerCreatorScreen';
export { VisualizerGalleryScreen } from './VisualizerGalleryScreen';
