// What the rest of the app uses of features/single-frame; its other files are its own (lint-enforced).
export { CreateSingleFrameScreen } from './CreateSingleFrameScreen';
export { SingleFrameGalleryScreen } from './SingleFrameGalleryScreen';
