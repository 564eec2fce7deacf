// What the rest of the app uses of features/video-loops; its other files are its own (lint-enforced).
export { CreateLoopScreen } from './CreateLoopScreen';
export { LoopProgressScreen } from './LoopProgressScreen';
export { VideoLoopsScreen } from './VideoLoopsScreen';
export { VideoPage } from './VideoPage';
