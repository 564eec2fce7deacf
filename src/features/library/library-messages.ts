// Messages of the library screens. Spec section 8 names the image ones word for word; the
// others follow their style.

export const IMAGE_MESSAGES = {
  deleted: 'Image Deleted',
  deleteFailed: 'Unable to delete image',
  favorited: 'Tagged image as favorite',
  unfavorited: 'Untagged image as favorite',
  favoriteFailed: 'Unable to change favorite',
  infoUpdated: 'Updated Image Info',
  infoFailed: 'Unable to edit image info',
} as const;

export const AUDIO_MESSAGES = {
  deleted: 'Track Deleted',
  deleteFailed: 'Unable to delete track',
  infoUpdated: 'Updated Track Info',
  infoFailed: 'Unable to edit track info',
  artworkUpdated: 'Updated Track Artwork',
  artworkFailed: 'Unable to change artwork',
} as const;

/** Shown beside the title while offline. */
export const OFFLINE_NOTICE =
  'You are offline. This is your library as last saved on this device; uploads wait and continue on their own once you are back online.';

export const REFRESH_FAILED =
  'Could not refresh your library: showing the copy saved on this device.';

/** A list this device has not fetched yet, which cannot come now. */
export const LIBRARY_NOT_SAVED = {
  offline:
    'You are offline and your library is not saved on this device yet. It will show once you are back online.',
  failed: 'Your library could not be loaded yet. Try again in a moment.',
} as const;
