// The words of the lyrics editor, in one place for the screen and the tests.
import type { SyncBadge } from './lyrics-sync';

/** 12.345 s as "0:12.34": tapping is finer than the library's whole seconds. */
export function formatSeconds(seconds: number): string {
  const whole = Math.floor(seconds);
  const hundredths = Math.floor((seconds - whole) * 100 + 1e-6);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}.${String(hundredths).padStart(2, '0')}`;
}

export const SYNC_WORDS: Record<SyncBadge, { label: string; color: string; hint: string }> = {
  saved: { label: 'Saved', color: 'teal', hint: 'Saved on this device and on your account.' },
  saving: { label: 'Saving…', color: 'blue', hint: 'Sending your changes to your account.' },
  offline: {
    label: 'Saved on this device',
    color: 'gray',
    hint: 'You are offline: your changes are kept here and sent when you are back online.',
  },
  local: {
    label: 'On this device',
    color: 'gray',
    hint: 'You are offline: lyrics you add are kept here and sent when you are back online.',
  },
  refused: { label: 'Not saved', color: 'red', hint: 'The server refused these lyrics.' },
  failed: {
    label: 'Not sent yet',
    color: 'orange',
    hint: 'Your changes are kept on this device; sending them failed and will be tried again.',
  },
};

export const EDITOR_WORDS = {
  pasteLabel: 'Lyrics',
  pasteHint: 'One line per sung line. Leave a blank line between verses and choruses.',
  pastePlaceholder: 'First line of the verse\nSecond line\n\nFirst line of the chorus',
  tapHintKeyboard: 'Play, then press Space at the start of each line.',
  tapHintWords: 'Press Space at the start of each word.',
  allTapped: 'Every line is timed. Rehearse to check, or nudge lines with ← and →.',
  noBeats: 'No steady beat was found in this track, so there is nothing to snap to.',
  storageUnavailable:
    'This browser does not let the app store data, so lyrics cannot be kept on this device.',
  audioOffline:
    'The track is not saved on this device. Open this page once online to play it offline.',
  audioFailed: 'The track could not be played.',
  notProcessed: 'This track is still being processed. Lyrics can be timed once it plays.',
} as const;
