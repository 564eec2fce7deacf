// What the rest of the app uses of features/media-home; its other files are its own (lint-enforced).
export { MediaHomeScreen } from './MediaHomeScreen';
