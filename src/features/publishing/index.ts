// What the rest of the app uses of features/publishing; its other files are its own (lint-enforced).
export { ConnectedAccountsScreen } from './ConnectedAccountsScreen';
export { PublishProgressScreen } from './PublishProgressScreen';
export { PublishScreen } from './PublishScreen';
export { PublishToYouTubeButton } from './PublishToYouTubeButton';
export { StaticUploadStatus } from './StaticUploadStatus';
export { SubscribeScreen } from './SubscribeScreen';
// The release kit's Publish panel (features/release-kits) picks a linked channel and links to
// each upload's progress page.
export { useLinkedChannels } from './channel-data';
export { CONNECTED_ACCOUNTS_PATH, publishProgressPath } from './publishing-paths';
export { UploadStatusBadge } from './UploadStatusBadge';
