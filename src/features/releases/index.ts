// What the rest of the app uses of features/releases; its other files are its own (lint-enforced).
export { ReleasePostScreen } from './ReleasePostScreen';
export { ReleasesScreen } from './ReleasesScreen';
