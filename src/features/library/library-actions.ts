// What the user can change in the library: each action asks the server, saves the answer on
// this device and says how it went. Offline they say that they need a connection instead.
import type { ImageType } from '../../../core/media/media-limits';
import { failureOf } from '../../api/api-error';
import {
  changeImageInfo,
  deleteAudio,
  deleteImage,
  toggleImageFavorite,
  updateAudioArtwork,
  updateAudioMetadata,
  type LibraryAudio,
  type LibraryImage,
} from '../../api/media';
import { toast } from '../../ui/toast';
import type { LibraryCache } from './library-cache';
import { OFFLINE_ACTION } from '../../lib/offline-messages';
import { AUDIO_MESSAGES, IMAGE_MESSAGES } from './library-messages';
import { browserNetwork } from '../../lib/network';

/** False, after saying so, when the browser is offline. */
function online(): boolean {
  if (browserNetwork.isOnline()) return true;
  toast.info(OFFLINE_ACTION);
  return false;
}

/** Saving on this device is best effort: the next refresh brings the same answer. */
async function save(write: Promise<void>): Promise<void> {
  await write.catch(() => undefined);
}

/** A call that got no answer: said as being offline rather than as a failure. */
function failed(error: unknown, message: string): false {
  if (failureOf(error).status === 0 && !browserNetwork.isOnline()) toast.info(OFFLINE_ACTION);
  else toast.error(message);
  return false;
}

export async function saveImageInfo(
  cache: LibraryCache,
  image: LibraryImage,
  name: string,
  type: ImageType,
): Promise<boolean> {
  if (!online()) return false;
  try {
    const updated = await changeImageInfo(image.image_uuid, name, type);
    await save(cache.putImages([updated]));
    toast.success(IMAGE_MESSAGES.infoUpdated);
    return true;
  } catch (error) {
    return failed(error, IMAGE_MESSAGES.infoFailed);
  }
}

export async function toggleFavorite(cache: LibraryCache, image: LibraryImage): Promise<boolean> {
  if (!online()) return false;
  try {
    const { favorite } = await toggleImageFavorite(image.image_uuid);
    await save(cache.updateImage(image.image_uuid, { favorite }));
    toast.success(favorite ? IMAGE_MESSAGES.favorited : IMAGE_MESSAGES.unfavorited);
    return true;
  } catch (error) {
    return failed(error, IMAGE_MESSAGES.favoriteFailed);
  }
}

export async function removeImage(cache: LibraryCache, image: LibraryImage): Promise<boolean> {
  if (!online()) return false;
  try {
    await deleteImage(image.image_uuid);
  } catch (error) {
    // Already gone (deleted elsewhere): that is what the user wanted.
    if (failureOf(error).status !== 404) return failed(error, IMAGE_MESSAGES.deleteFailed);
  }
  await save(cache.removeImages([image.image_uuid]));
  toast.success(IMAGE_MESSAGES.deleted);
  return true;
}

export async function saveTrackInfo(
  cache: LibraryCache,
  audio: LibraryAudio,
  fields: { title: string; artists: string; album: string },
): Promise<boolean> {
  if (!online()) return false;
  try {
    const updated = await updateAudioMetadata(audio.audio_uuid, fields);
    await save(cache.putAudios([updated]));
    toast.success(AUDIO_MESSAGES.infoUpdated);
    return true;
  } catch (error) {
    return failed(error, AUDIO_MESSAGES.infoFailed);
  }
}

export async function setTrackArtwork(
  cache: LibraryCache,
  audio: LibraryAudio,
  imageUuid: string | null,
): Promise<boolean> {
  if (!online()) return false;
  try {
    const updated = await updateAudioArtwork(audio.audio_uuid, imageUuid);
    await save(cache.putAudios([updated]));
    toast.success(AUDIO_MESSAGES.artworkUpdated);
    return true;
  } catch (error) {
    return failed(error, AUDIO_MESSAGES.artworkFailed);
  }
}

export async function removeTrack(cache: LibraryCache, audio: LibraryAudio): Promise<boolean> {
  if (!online()) return false;
  try {
    await deleteAudio(audio.audio_uuid);
  } catch (error) {
    if (failureOf(error).status !== 404) return failed(error, AUDIO_MESSAGES.deleteFailed);
  }
  await save(cache.removeAudios([audio.audio_uuid]));
  toast.success(AUDIO_MESSAGES.deleted);
  return true;
}
