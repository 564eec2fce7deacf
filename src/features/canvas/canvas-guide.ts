// What the Canvas pages say about Spotify Canvas and our loops, in one place so the landing page,
// the how-to and the FAQ agree.

export const CANVAS_RULES = [
  'Vertical 9:16: 1080 × 1920 pixels (720 × 1280 is offered too)',
  '3 to 8 seconds long, looping',
  'H.264 MP4 without a sound track: Spotify plays your song under it',
  '24 to 30 frames per second',
] as const;

export const HOW_TO_STEPS = [
  {
    title: 'Pick a template',
    text: 'Each Canvas template is a seamless loop: slow zoom, light leaks, film grain, a spinning record, a kaleidoscope, VHS glitches, drifting particles or your title in motion.',
  },
  {
    title: 'Add your track and choose the section',
    text: 'Pick the track from your library or this device, then the part of it the loop should feel like, often the chorus. The loop then lasts a whole number of beats of that section, so its pulses land on the song’s beats when Spotify repeats it.',
  },
  {
    title: 'Add your cover and colours',
    text: 'Your cover art, title and colours. The preview plays the loop exactly as it will be rendered, in time with your track.',
  },
  {
    title: 'Render and download',
    text: 'Rendering takes a few seconds and uses one Canvas credit. Download the MP4 from its progress page or from My Canvas Videos.',
  },
  {
    title: 'Upload it in Spotify for Artists',
    text: 'In Spotify for Artists, open the song, choose Canvas, upload the MP4 and submit. Spotify reviews a Canvas before it shows it to listeners.',
  },
] as const;

export const FAQ = [
  {
    question: 'What is a Spotify Canvas?',
    answer:
      'A short vertical loop that plays behind a song in the Spotify app on phones, in place of the cover art. Artists add it to each song through Spotify for Artists.',
  },
  {
    question: 'What size and length does Spotify take?',
    answer:
      'A 9:16 vertical video, at least 720 pixels tall (we make 1080 × 1920 by default, 720 × 1280 if you prefer), 3 to 8 seconds long, as an MP4. Every Canvas we render meets these rules.',
  },
  {
    question: 'Why does my loop not last exactly the length I chose?',
    answer:
      'With a track, the loop lasts a whole number of beats or bars of the section you picked, the nearest to the length you chose within 3 to 8 seconds. That keeps its pulses on the song’s beats each time it repeats. Without a track, it lasts exactly the length you choose.',
  },
  {
    question: 'Does the Canvas have sound?',
    answer:
      'No. Spotify plays your song under the Canvas, so the file has no sound track. The preview plays your track only so you can see the loop in time with it.',
  },
  {
    question: 'Will the loop jump where it starts again?',
    answer:
      'No. Every template moves in whole cycles over the loop, so its last frame flows into its first as smoothly as any frame into the next. We measure this on every template.',
  },
  {
    question: 'What does a Canvas cost?',
    answer:
      'One Canvas credit. Your plan’s free Canvas credits are spent first. If a render fails, the credit comes back. Your Canvas credits show in the top bar and in the menu.',
  },
  {
    question: 'How do I upload it to Spotify?',
    answer:
      'Sign in to Spotify for Artists, open the song, choose Canvas and upload the MP4 you downloaded here. Spotify reviews it before listeners see it.',
  },
] as const;
