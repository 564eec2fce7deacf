// What the rest of the app uses of features/public; its other files are its own (lint-enforced).
export { HomeScreen } from './HomeScreen';
