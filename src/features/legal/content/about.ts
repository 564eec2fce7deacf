// /about: what Waveframe makes and for whom.

export const ABOUT_INTRO = [
  'Waveframe turns your music into videos. Upload a track, pick a template, add your cover art and colours, and render a video that moves with your sound: ready for YouTube, Spotify, Instagram and TikTok the same day you finish the master.',
  'It is made for musicians, producers, labels and the people who make their visuals: anyone with a release that needs a video but not a film crew.',
];

export interface AboutKind {
  title: string;
  text: string;
  path: string;
}

export const WHAT_IT_MAKES: readonly AboutKind[] = [
  {
    title: 'Audio-reactive visualizers',
    text: 'Spectrums, mirrored bars, neon waves, pulse rings and more, driven by your track’s own frequencies and beats, with your artwork and title.',
    path: '/audio-reactive-music-visualizers',
  },
  {
    title: 'Single-frame music videos',
    text: 'Your cover on a blurred backdrop, a vinyl sleeve or bold typography, held for the whole song: the quickest way to put a track on YouTube.',
    path: '/single-frame-music-video-templates',
  },
  {
    title: 'Spotify Canvas loops',
    text: 'Vertical 3–8 second loops that repeat seamlessly on the beat behind your song in Spotify.',
    path: '/spotify-canvas-templates',
  },
  {
    title: 'Particle videos',
    text: 'Design snow, fireflies, confetti or your own particle system in the editor, and let the music drive it.',
    path: '/particle-system-video-creator',
  },
  {
    title: 'Loop extensions',
    text: 'Repeat a short clip seamlessly for up to 12 hours, or to the length of your track with its audio. Free.',
    path: '/media/video-loop-extensions',
  },
  {
    title: 'Free tools',
    text: 'Tempo and hertz calculators and a particle editor, free without an account and ready offline.',
    path: '/tools',
  },
];

export const HOW_IT_WORKS = [
  'Your library keeps your tracks, artwork, clips and finished videos in one place, on every device you sign in on.',
  'The preview in your browser is drawn by the same code as the final render, so what you see is what you get.',
  'Finished videos download as MP4 or go straight to your YouTube channel, with title, description, tags, schedule and thumbnail.',
  'Renders cost credits: a few come free, plans add more every month, and a render that fails gives its credit back.',
];
