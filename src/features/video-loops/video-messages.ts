// Words of the video library's screens where the spec is silent, in the offline style of the
// other My Media lists.

export const VIDEO_MESSAGES = {
  offlineNotice:
    'You are offline. These are your clips and loops as last saved on this device; watching and changes need a connection, and clips you add now upload once you are back online.',
  refreshFailed: 'Could not refresh your videos: showing the copy saved on this device.',
  notSaved:
    'Your clips and loops are not saved on this device yet: they show once you are back online.',
  deleted: 'Video Deleted',
  deleteFailed: 'Unable to delete video',
  retentionChanged: 'Updated how long this video is kept',
  retentionFailed: 'Unable to change how long this video is kept',
  notFound: 'This video does not exist, or it was deleted.',
  clipNotFound: 'This clip does not exist, or it was deleted.',
} as const;
