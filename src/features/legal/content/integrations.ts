// /integrations: the outside services Waveframe works with, and what each one does.

export interface Integration {
  id: string;
  name: string;
  /** One line: what it is for. */
  summary: string;
  /** What it does for you, point by point. */
  points: readonly string[];
  /** Where in Waveframe to use it. */
  link: { label: string; path: string };
}

export const INTEGRATIONS: readonly Integration[] = [
  {
    id: 'youtube',
    name: 'YouTube',
    summary: 'Publish finished videos to your channel without downloading them first.',
    points: [
      'Connect one or more channels with Google’s own sign-in; we ask only for permission to upload and to read the channel’s name and picture.',
      'Publish any finished video with its title, description, tags, visibility (private, unlisted, public or scheduled), category, audience and thumbnail.',
      'Uploads run on our servers and resume after interruptions; you get an e-mail when one ends.',
      'Optionally, subscribe your channel to Waveframe’s own with one more permission, asked only then.',
      'Disconnecting withdraws our access at Google straight away.',
    ],
    link: { label: 'Connect a channel', path: '/media/connected-accounts' },
  },
  {
    id: 'spotify-canvas',
    name: 'Spotify Canvas',
    summary: 'Make loops that meet Spotify’s Canvas rules, then add them in Spotify for Artists.',
    points: [
      'Every Canvas is vertical 9:16 (1080 × 1920 or 720 × 1280), 3 to 8 seconds long, an MP4 without sound.',
      'Loops last a whole number of beats of the part of your song you choose, so they stay on the beat as they repeat.',
      'Download the MP4 and upload it to the song in Spotify for Artists; Spotify reviews it before listeners see it. We do not connect to your Spotify account.',
    ],
    link: { label: 'Canvas templates', path: '/spotify-canvas-templates' },
  },
  {
    id: 'stripe',
    name: 'Stripe',
    summary: 'Card payments for paid plans.',
    points: [
      'You enter your card in Stripe’s own secure field on the checkout page; the card number never reaches our servers.',
      'Stripe charges each period and keeps your invoices, which you see on My Plan.',
      'Change the card or pay an outstanding invoice on My Plan.',
    ],
    link: { label: 'See the plans', path: '/premium' },
  },
  {
    id: 'paddle',
    name: 'Paddle',
    summary: 'An overlay checkout that shows prices with tax and takes the payment.',
    points: [
      'Paddle opens over the pricing page, shows the price with tax for where you are, and takes payment as the seller of record.',
      'Invoices come from Paddle and show on My Plan; a failed renewal is paid again in the same overlay.',
    ],
    link: { label: 'See the plans', path: '/premium' },
  },
];
