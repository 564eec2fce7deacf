import type { Block } from './document';
import { planLines, promoLines } from './plans-summary';

// /faq: what musicians ask before and after their first render. Each question has an anchor
// (/faq#canvas-rules) that opens it.

export interface FaqItem {
  id: string;
  question: string;
  answer: readonly Block[];
}

export interface FaqGroup {
  id: string;
  heading: string;
  items: readonly FaqItem[];
}

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'files',
    heading: 'Files and formats',
    items: [
      {
        id: 'audio-formats',
        question: 'Which audio files can I upload?',
        answer: [
          'MP3, WAV, FLAC, AAC and M4A (ALAC too), Ogg Vorbis, Opus and AIFF, up to 500 MB and 3 hours a track. We read the file itself, not its name: a file that is not one of these is refused with the reason.',
          'Uploads continue where they stopped after a dropped connection or a closed tab, and tracks you already uploaded are recognised, so nothing is sent twice.',
        ],
      },
      {
        id: 'image-formats',
        question: 'Which images can I use?',
        answer: [
          'JPEG, PNG, WebP and GIF (its first frame), up to 30 MB and 100 megapixels. Use them as album art, a logo or a background. Cover art embedded in your audio files is picked up as album art automatically.',
        ],
      },
      {
        id: 'video-formats',
        question: 'What do I get back?',
        answer: [
          'An MP4 that plays everywhere: H.264 video with AAC audio at 48 kHz and 320 kbit/s, ready for YouTube, Instagram, TikTok and your own site.',
          {
            list: [
              'Visualizers, single-frame videos and particle videos: 16:9 (1920 × 1080), square (1080 × 1080), vertical 9:16 (1080 × 1920) or feed portrait 4:5 (1080 × 1350), at 30 frames a second; on a paid plan also in 4K (3840 × 2160, 2160 × 2160 or 2160 × 3840) and at 60 frames a second.',
              'Spotify Canvas loops: 1080 × 1920 (or 720 × 1280), 24, 25 or 30 frames a second, without sound.',
              'Loop extensions: your clip repeated, at its own size and frame rate.',
            ],
          },
        ],
      },
      {
        id: 'lengths',
        question: 'How long can a video be?',
        answer: [
          'A visualizer, single-frame or particle video lasts exactly as long as the track, up to its 3 hours. A Canvas lasts 3 to 8 seconds. A loop extension repeats a clip of up to 10 minutes (MP4, MOV or WebM, up to 1024 MB and 3840 × 2160) to any length up to 12 hours, or to the length of one of your tracks.',
        ],
      },
    ],
  },
  {
    id: 'making',
    heading: 'Making videos',
    items: [
      {
        id: 'what-kinds',
        question: 'What kinds of video can I make?',
        answer: [
          {
            list: [
              '[Audio-reactive visualizers](/audio-reactive-music-visualizers): spectrums, bars, waves, rings and particles that move with your music.',
              '[Single-frame music videos](/single-frame-music-video-templates): your cover art or a picture with your title, held for the whole track.',
              '[Spotify Canvas loops](/spotify-canvas-templates): short vertical loops that play behind your song in Spotify.',
              '[Particle videos](/particle-system-video-creator): a particle design of your own, driven by the music.',
              '[Loop extensions](/media/video-loop-extensions): a short clip repeated seamlessly for as long as you need.',
            ],
          },
        ],
      },
      {
        id: 'preview',
        question: 'Will the video look like the preview?',
        answer: [
          'Yes. The preview in your browser and the render on our servers draw every frame with the same code from the same analysis of your track, so what you see is what you get, frame for frame.',
        ],
      },
      {
        id: 'render-time',
        question: 'How long does a render take?',
        answer: [
          'It depends on the length of the track, the size and the frame rate. A single-frame video is quickest, since its picture is drawn once. The progress page shows how far it is and the time left, and we e-mail you when it is done if you keep render e-mails on in your [profile](/account).',
        ],
      },
      {
        id: 'canvas-rules',
        question: 'What are Spotify’s rules for a Canvas?',
        answer: [
          'A vertical 9:16 video, 3 to 8 seconds long, without sound: Spotify plays your song under it. Every Canvas we render follows these rules, and each loop lasts a whole number of beats of the part of the song you choose, so it stays on the beat when it repeats. Upload it in Spotify for Artists; Spotify reviews it before listeners see it. More in the [Canvas FAQ](/spotify-canvas-videos/faq).',
        ],
      },
    ],
  },
  {
    id: 'publishing',
    heading: 'Publishing',
    items: [
      {
        id: 'youtube',
        question: 'Can I publish straight to YouTube?',
        answer: [
          'Yes. Connect your channel once in [Connected accounts](/media/connected-accounts), then choose Publish to YouTube on any finished video: set the title, description, tags, visibility (private, unlisted, public or scheduled), category and thumbnail. The upload runs on our servers, so you can close the page; an interrupted upload resumes where it stopped.',
          'You can disconnect the channel at any time, which also withdraws our access at Google.',
        ],
      },
      {
        id: 'rights',
        question: 'Who owns the videos I make?',
        answer: [
          'You do. Your music, your images and the videos made from them are yours; we only store and process them for you. Upload only music and images you have the right to use.',
        ],
      },
    ],
  },
  {
    id: 'credits',
    heading: 'Credits and plans',
    items: [
      {
        id: 'credits',
        question: 'How do credits work?',
        answer: [
          'A visualizer, a single-frame video or a particle video costs one visualizer credit; a Spotify Canvas costs one Canvas credit (your plan’s free Canvas credits are used first). Loop extensions and the free tools cost nothing. Your credits show in the top bar.',
        ],
      },
      {
        id: 'refunds',
        question: 'What if a render fails?',
        answer: [
          'You get its credit back, automatically, once. The same happens when you delete a render before it has finished. The failed video’s page says what went wrong.',
        ],
      },
      {
        id: 'plans',
        question: 'What do the plans cost?',
        answer: [
          { list: planLines() },
          ...promoLines(),
          'Paid plans renew until you cancel; unused credits stay yours. Compare them on [Premium](/premium) and choose on the pricing page.',
        ],
      },
      {
        id: 'cancel',
        question: 'How do I cancel?',
        answer: [
          'On [My Plan](/account/plan), choose Cancel plan. Your plan and its credits last to the end of the period you paid for; after that you are on the free plan and keep the credits you have left. You can reactivate before the period ends.',
        ],
      },
    ],
  },
  {
    id: 'privacy',
    heading: 'Privacy and your data',
    items: [
      {
        id: 'privacy',
        question: 'What do you keep about me?',
        answer: [
          'Your e-mail address, a hash of your password, your uploads and videos, your plan and credits, and a sealed key for any YouTube channel you link. Card details stay with the payment provider. We set two cookies, for your session and against forged requests, and no tracking cookies. The [Privacy Policy](/privacy) says everything, and for how long.',
        ],
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: [
          'On [Delete account](/account/permanently-delete). We e-mail you a code to confirm; once you enter it, your account, your media and your videos are deleted for good.',
        ],
      },
    ],
  },
  {
    id: 'app',
    heading: 'The app',
    items: [
      {
        id: 'offline',
        question: 'Does Waveframe work offline?',
        answer: [
          'Partly. Install it from your browser as an app; after one visit it opens without a connection. Your library opens from what this device kept, the editors preview local files and the tracks you kept on the device, and the free tools work fully. Uploads you start offline wait and begin when the connection returns. Rendering and publishing need a connection.',
        ],
      },
    ],
  },
];
