// What the plugin pages say (issue 14), in one place so the screens and the tests share it.

export const GANYMEDE_ID = 'ganymede-visualizer';
export const GANYMEDE_PATH = '/audio-plugins/ganymede-visualizer';
export const MY_PLUGINS_PATH = '/media/plugins';
export const UPGRADE_PATH = '/premium';

export const NO_PLUGINS_TITLE = 'No plugins are available yet';
export const NO_PLUGINS_TEXT =
  'This Waveframe installation has no plugin releases to download at the moment. Its operator adds them by placing the release files in the plugins folder; check back soon.';
export const DOWNLOADS_NEED_CONNECTION =
  'The download list needs a connection: it loads as soon as the server can be reached again.';
export const SHOWN_FROM_LAST_VISIT =
  'The server cannot be reached right now: these are the releases listed on your last visit. Downloads need a connection.';

export const GANYMEDE = {
  name: 'Ganymede Visualizer',
  tagline:
    'Waveframe’s visualizer templates inside your DAW: the same bars, waveforms and particles, moving with your track while you work on it.',
  intro: [
    'Ganymede is an audio plugin for digital audio workstations. Put it on a track or on the master bus and it draws the visuals you know from Waveframe’s templates, live, from the audio passing through it.',
    'Use it to judge how a mix will look in a video before you render one, to show visuals on a second screen in the studio or on stage, or to pick the template and colours you will use on Waveframe.',
  ],
  features: [
    'The visualizer templates of Waveframe, drawn by the same renderer: bars, circular spectrums, waveforms and particles.',
    'Reacts to the signal it sits on: put it on the drums, the bass or the whole mix.',
    'Colours, sensitivity and smoothing set in the plugin and saved with your project.',
    'A resizable window and a full-screen view for a second display.',
    'No internet connection needed to run or to activate: the licence key is checked inside the plugin.',
  ],
  requirements: [
    { platform: 'Windows', detail: 'Windows 10 or 11, 64-bit; a VST3 host.' },
    {
      platform: 'macOS',
      detail: 'macOS 12 or later, Apple silicon or Intel; a VST3 or Audio Unit host.',
    },
    {
      platform: 'Linux',
      detail: 'A 64-bit x86 distribution with glibc 2.31 or later; a VST3 host.',
    },
    {
      platform: 'Graphics',
      detail: 'Any graphics card with OpenGL 3.3; 4 GB of memory is plenty.',
    },
  ],
  install: [
    'Download the release for your system from My Plugins (signed in).',
    'Check the download: its SHA-256 must match the one listed here.',
    'Unpack it and copy the plugin into your plug-in folder: on Windows C:\\Program Files\\Common Files\\VST3, on macOS ~/Library/Audio/Plug-Ins/VST3 (or Components for the Audio Unit), on Linux ~/.vst3.',
    'Restart your DAW or ask it to scan for new plug-ins, then add Ganymede Visualizer to a track.',
  ],
  activate: [
    'Copy your licence key from My Plugins.',
    'In the plugin window choose Activate and paste the key.',
    'The plugin checks the key’s signature with Waveframe’s public key, which it carries: no connection is needed, now or later.',
    'A key lasts a year; My Plugins always shows a current one to paste when it runs out.',
  ],
} as const;

/** The words for a licence check that failed, by its reason. */
export const LICENCE_CHECK_FAILED: Record<string, string> = {
  malformed: 'This is not a Waveframe licence key.',
  'bad-signature': 'The signature does not match the public key.',
  expired: 'This key has expired: reload the page for a current one.',
  'other-plugin': 'This key is for another plugin.',
  'other-user': 'This key was issued to another account.',
};
