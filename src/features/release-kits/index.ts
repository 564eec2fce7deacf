// What the rest of the app uses of features/release-kits; its other files are its own (lint-enforced).
export { ReleaseKitCreatorScreen } from './ReleaseKitCreatorScreen';
export { ReleaseKitScreen } from './ReleaseKitScreen';
export { ReleaseKitsScreen } from './ReleaseKitsScreen';
export { KIT_CREATOR_PATH, KITS_PATH } from './kit-words';
