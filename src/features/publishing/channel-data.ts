// The loads the publishing screens share, as stable functions for useServerData.
import {
  fetchAuthorizedChannels,
  fetchProductChannel,
  fetchUploadEntries,
  type AuthorizedChannelsResponse,
  type ProductChannelResponse,
  type UploadEntry,
} from '../../api/publishing';
import { useServerData, type ServerData } from './use-server-data';

const loadChannels = () => fetchAuthorizedChannels();
const loadUploads = () => fetchUploadEntries();
const loadProductChannel = () => fetchProductChannel();

/** The linked channels, and whether the installation is configured for YouTube. */
export const useLinkedChannels = (): ServerData<AuthorizedChannelsResponse> =>
  useServerData(loadChannels);

/** The user's uploads to YouTube, newest first. */
export const useUploadEntries = (): ServerData<UploadEntry[]> => useServerData(loadUploads);

export const useProductChannel = (): ServerData<ProductChannelResponse> =>
  useServerData(loadProductChannel);

const loadLatestUploadOf = async (targetUuid: string) =>
  (await fetchUploadEntries()).find((entry) => entry.target_uuid === targetUuid) ?? null;

/** The newest upload of one video, looked up only when `targetUuid` is given. */
export const useLatestUploadOf = (targetUuid: string | null): ServerData<UploadEntry | null> =>
  useServerData(loadLatestUploadOf, targetUuid);
