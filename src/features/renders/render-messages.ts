// Words of the render screens where the spec is silent.
import { OFFLINE_NOT_SAVED } from '../../lib/offline-messages';

export const RENDER_MESSAGES = {
  creditReturned: 'The credit it used has been returned to your account.',
  failedFallback: 'Something went wrong while rendering this video.',
  notFoundTitle: 'We could not find this video',
  notFoundText:
    'It may have been deleted, or the link is incomplete. Your videos are listed in My Media.',
  offlineUnknown: OFFLINE_NOT_SAVED,
  leaveAnyTime:
    'You can leave this page: the render keeps going on our servers and you will find it in My Media.',
  offlineNotice:
    'You are offline. These are your videos as last saved on this device; watching and changes need a connection.',
  refreshFailed: 'Could not refresh your videos: showing the copy saved on this device.',
} as const;
