// What the rest of the app uses of features/canvas; its other files are its own (lint-enforced).
export { CanvasCreatorScreen } from './CanvasCreatorScreen';
export { CanvasGalleryScreen } from './CanvasGalleryScreen';
export { CanvasProgressScreen } from './CanvasProgressScreen';
export { CanvasFaqScreen, CanvasHowToScreen } from './CanvasGuideScreens';
export { CreateCanvasScreen } from './CreateCanvasScreen';
