// What the rest of the app uses of features/publishing; its other files are its own (lint-enforced).
export { ConnectedAccountsScreen } from './ConnectedAccountsScreen';
export { PublishProgressScreen } from './PublishProgressScreen';
export { PublishScreen } from './PublishScreen';
export { PublishToYouTubeButton } from './PublishToYouTubeButton';
export { StaticUploadStatus } from './StaticUploadStatus';
export { SubscribeScreen } from './SubscribeScreen';
