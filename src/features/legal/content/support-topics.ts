// /support: how-to steps for the things people most often need help with.

export interface SupportTopic {
  id: string;
  title: string;
  intro: string;
  steps: readonly string[];
}

export const SUPPORT_TOPICS: readonly SupportTopic[] = [
  {
    id: 'upload-audio',
    title: 'Upload audio',
    intro: 'Your tracks live in your library, ready for any template.',
    steps: [
      'Open [My Audio](/media/audio) and choose Upload, or drop files onto the page.',
      'Pick MP3, WAV, FLAC, AAC/M4A, Ogg, Opus or AIFF files of up to 500 MB and 3 hours each.',
      'Each file shows its progress; you can keep using the app, and an interrupted upload resumes on its own when the connection returns.',
      'Once processed, the track shows its waveform, and its tags and cover art are filled in from the file. Edit them on the track’s page.',
    ],
  },
  {
    id: 'make-visualizer',
    title: 'Make a visualizer',
    intro: 'A video that moves with your music, in a few minutes.',
    steps: [
      'Browse the [visualizer templates](/audio-reactive-music-visualizers) and choose one.',
      'Pick a track from your library (or a file on this device), then your images, colours, title and artist.',
      'Choose the shape (16:9, square, vertical or feed portrait), then on a paid plan 4K or 60 frames a second if you like, and play the preview.',
      'Choose Render: it uses one visualizer credit. Follow it on the progress page, then download it or publish it from its page in [My Visualizers](/media/visualizers).',
    ],
  },
  {
    id: 'canvas',
    title: 'Make a Spotify Canvas',
    intro: 'A 3–8 second vertical loop for the Spotify app.',
    steps: [
      'Pick one of the [Canvas templates](/spotify-canvas-video-templates).',
      'Add your track and slide to the part of the song the loop should feel like; the loop snaps to whole beats of it.',
      'Add your cover and colours and check the loop in the preview.',
      'Render (one Canvas credit), download the MP4, and upload it to the song in Spotify for Artists. The [Canvas how-to](/spotify-canvas-videos/how-to-create) has more.',
    ],
  },
  {
    id: 'publish-youtube',
    title: 'Publish to YouTube',
    intro: 'Send a finished video straight to your channel.',
    steps: [
      'In [Connected accounts](/media/connected-accounts), choose Connect and allow Waveframe in Google’s window.',
      'Open any finished video and choose Publish to YouTube.',
      'Pick the channel, then set the title, description, tags, visibility or schedule, and the thumbnail.',
      'Choose Publish. The progress page shows the upload; when it is done, it links to the video on YouTube.',
    ],
  },
  {
    id: 'plans-billing',
    title: 'Plans and billing',
    intro: 'Credits, upgrades, invoices and cancelling.',
    steps: [
      'Compare plans on [Premium](/premium) and choose one on the pricing page; pay by card or in Paddle’s checkout.',
      'Your plan, credits left, renewal date, card and invoices are on [My Plan](/account/plan).',
      'Switch plans with Change plan: the new plan starts with your next period.',
      'Cancel with Cancel plan: you keep the plan to the end of the period you paid for, and your unused credits stay yours.',
    ],
  },
  {
    id: 'delete-account',
    title: 'Delete your account',
    intro: 'Everything goes, for good.',
    steps: [
      'Download any videos you want to keep, and cancel a paid plan on My Plan so it does not renew.',
      'Open [Delete account](/account/permanently-delete) and ask for the deletion code.',
      'Enter the code from the e-mail within an hour. Your account, media and videos are then deleted and cannot be recovered.',
    ],
  },
];
