// What the publishing screens say, in one place (the spec's own words are in
// core/publishing/upload-config.ts: CHANNEL_MESSAGES).

export const PUBLISHING_MESSAGES = {
  /** The server's NOT_CONFIGURED_MESSAGE, shown before anything is asked of it. */
  notConfigured:
    'This installation has no YouTube access configured. Ask its operator to set YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET.',
  consentCancelled:
    'You cancelled connecting your YouTube channel, so nothing was changed. Connect it whenever you are ready.',
  subscribeConsentCancelled:
    'You did not allow subscribing, so nothing was changed. You can allow it whenever you are ready.',
  consentStateMismatch:
    'This answer from Google does not match a connection started here, so it was not used. Start again from this page.',
  consentRefused: (error: string) =>
    `Google did not connect the channel (${error}). Start again from this page.`,
  connected: (channelTitle: string) => `Connected Channel: ${channelTitle}`,
  captionsAllowed: (channelTitle: string) =>
    `Waveframe can now add captions to your videos on ${channelTitle}.`,
  captionsNotAllowed: (channelTitle: string) =>
    `YouTube asks you once to allow Waveframe to add captions on ${channelTitle}. Your form is kept: you come back here after.`,
  unreachable: 'Could not reach Waveframe. Check your connection and try again.',
  loadFailed: 'Something went wrong on our side. Try again in a moment.',
  pollProblem: 'Could not check on this upload. Trying again…',
  pollUnreachable: 'Could not reach Waveframe. Trying again…',
  publishFailedFallback: 'YouTube did not take this upload. Try again in a moment.',
  offlineNotice:
    'You are offline. These are your channels and uploads to YouTube as last saved on this device; connecting, disconnecting and publishing need a connection.',
  notSaved: 'Not saved on this device yet: this shows once you are back online.',
  refreshFailed:
    'Could not refresh your channels and uploads: showing the copy saved on this device.',
} as const;
