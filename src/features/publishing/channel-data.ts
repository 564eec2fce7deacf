// The loads the publishing screens share, as stable functions for useServerData; and the
// channels and uploads as this device last saw them (saved answers), for /media/connected-accounts
// to open offline.
import {
  fetchAuthorizedChannels,
  fetchProductChannel,
  fetchUploadEntries,
  type AuthorizedChannelsResponse,
  type ProductChannelResponse,
  type UploadEntry,
} from '../../api/publishing';
import { SavedAnswer, useSavedAnswer, type SavedAnswerView } from '../../lib/saved-answer';
import { useServerData, type ServerData } from './use-server-data';

const loadChannels = () => fetchAuthorizedChannels();
const loadUploads = () => fetchUploadEntries();
const loadProductChannel = () => fetchProductChannel();

/** The linked channels, and whether the installation is configured for YouTube. */
export const useLinkedChannels = (): ServerData<AuthorizedChannelsResponse> =>
  useServerData(loadChannels);

export const useProductChannel = (): ServerData<ProductChannelResponse> =>
  useServerData(loadProductChannel);

const loadLatestUploadOf = async (targetUuid: string) =>
  (await fetchUploadEntries()).find((entry) => entry.target_uuid === targetUuid) ?? null;

/** The newest upload of one video, looked up only when `targetUuid` is given. */
export const useLatestUploadOf = (targetUuid: string | null): ServerData<UploadEntry | null> =>
  useServerData(loadLatestUploadOf, targetUuid);

const savedChannels = new SavedAnswer('youtubeChannels', loadChannels);
const savedUploads = new SavedAnswer('youtubeUploads', loadUploads);

/** The linked channels as last saved on this device, fetched when they need to be. */
export const useSavedChannels = (
  userUuid: string | null,
): SavedAnswerView<AuthorizedChannelsResponse> => useSavedAnswer(savedChannels, userUuid);

/** The uploads to YouTube as last saved on this device, fetched when they need to be. */
export const useSavedUploads = (userUuid: string | null): SavedAnswerView<UploadEntry[]> =>
  useSavedAnswer(savedUploads, userUuid);

/** After linking or disconnecting a channel. */
export const refreshSavedChannels = () => savedChannels.refresh({ force: true });

/** After publishing: the new upload joins the list. */
export const refreshSavedUploads = () => savedUploads.refresh({ force: true });

/** Newer answers about some uploads (followed while PENDING) go into the saved list. */
export function rememberUploads(entries: readonly UploadEntry[]): Promise<void> {
  const newer = new Map(entries.map((entry) => [entry.entry_uuid, entry]));
  return savedUploads.change((uploads) =>
    uploads.map((entry) => newer.get(entry.entry_uuid) ?? entry),
  );
}
