// Every route of spec 2: its path, title, a line on what the screen holds and whether it needs
// sign-in. Plain data, one line per route: the web router, the server (page heads, robots.txt,
// sitemap.xml), the tests and docs/web-app.md read it. Which screen shows a route is in
// src/routes/screens.tsx.

export interface RouteEntry {
  /** Router path; parameters are written $name (e.g. /media/audio/$audioId). */
  path: string;
  title: string;
  description: string;
  /** True for the routes of spec 2 "Routes requiring sign-in". */
  protected: boolean;
  /** Routes that show the same screen share a screen id; by default the path is the id. */
  screen?: string;
}

type Route = Omit<RouteEntry, 'protected'>;

export interface RedirectEntry {
  from: string;
  to: string;
}

/** Redirects of spec 2; '*' stands for any path no route matches. */
export const REDIRECTS: readonly RedirectEntry[] = [
  { from: '/index.html', to: '/' },
  { from: '/how-to', to: '/support' },
  { from: '*', to: '/404' },
];

/** Spec 2 "Public routes". */
// prettier-ignore
const PUBLIC_ROUTES: readonly Route[] = [
  // Home
  { path: '/', title: 'Turn your music into videos', description: 'Audio-reactive visualizers, static music videos and Spotify Canvas loops made from your tracks.' },

  // Signing in and the account e-mails
  { path: '/login', title: 'Log In', description: 'Log in with your e-mail address and password to reach your media and renders.' },
  { path: '/sign-up', title: 'Create Your Account', description: 'Sign up with an e-mail address, agree to the terms and verify your address.' },
  { path: '/forgot-password', title: 'Forgot Password', description: 'Request an e-mail with a link to choose a new password.' },
  { path: '/account/reset-password', title: 'Reset Password', description: 'Choose a new password with the link from your password-reset e-mail.' },
  { path: '/account/email-verification', title: 'Verify Your Email', description: 'Confirms your e-mail address from the link in your verification e-mail.' },
  { path: '/account/email-change', title: 'Confirm Email Change', description: 'Confirms the move of your account to a new e-mail address.' },
  { path: '/account/modify-email-prefs', title: 'Email Preferences', description: 'Choose which e-mails you receive from Waveframe.' },
  { path: '/account/modify-email-prefs-success', title: 'Email Preferences Saved', description: 'Confirms that your e-mail preferences were saved.' },

  // Help and legal pages
  { path: '/terms', title: 'Terms of Service', description: 'The terms that apply when you use Waveframe.' },
  { path: '/privacy', title: 'Privacy Policy', description: 'What Waveframe stores about you, why, and for how long.' },
  { path: '/about', title: 'About Waveframe', description: 'Who makes Waveframe and why.' },
  { path: '/faq', title: 'Frequently Asked Questions', description: 'Answers about renders, credits, plans and publishing.' },
  { path: '/integrations', title: 'Integrations', description: 'The services Waveframe connects to, such as your video channel.' },
  { path: '/support', title: 'Support', description: 'Guides and help for getting the most out of Waveframe.' },
  { path: '/support/contact', title: 'Contact Support', description: 'Send a message to the Waveframe team.' },

  // Plans
  { path: '/premium', title: 'Waveframe Premium', description: 'What the paid plans add: credits every month or year, and you keep what you do not use.' },

  // Free tools
  { path: '/tools', title: 'Free Tools for Musicians', description: 'Small free tools for tempo, frequency, colour and social posts.' },
  { path: '/tools/color/rgb-color-creator', title: 'RGB Color Creator', description: 'Mix a colour from red, green and blue and copy its codes.' },
  { path: '/tools/color/image-color-picker', title: 'Image Color Picker', description: 'Pick colours from an image, such as your album art.' },
  { path: '/tools/instagram-line-breaks-text-spacer', title: 'Instagram Line Break Spacer', description: 'Write captions with line breaks that Instagram keeps.' },
  { path: '/tools/time-tempo-bpm-to-milliseconds-ms', title: 'BPM to Milliseconds Calculator', description: 'Enter a tempo to get the length of every note value in milliseconds, with dotted and triplet notes.' },
  { path: '/tools/hertz-hz-to-milliseconds-ms', title: 'Hertz to Milliseconds Converter', description: 'Turn a frequency into its period in milliseconds, and milliseconds back into hertz.' },
  { path: '/tools/particle-system-editor', title: 'Particle System Editor', description: 'Design particle effects with a live preview.' },

  // Audio plugins
  { path: '/audio-plugins', title: 'Audio Plugins', description: 'Audio plugins that bring Waveframe visuals into your music software.' },
  { path: '/audio-plugins/ganymede-visualizer', title: 'Ganymede Visualizer Plugin', description: 'The Ganymede visualizer plugin: features, downloads and setup.' },

  // Particle systems
  { path: '/particle-system-video-creator', title: 'Particle System Video Creator', description: 'Turn a particle system and your audio into a video.' },

  // Music visualizers
  { path: '/music-visualizer-creator', title: 'Music Visualizer Creator', description: 'Make an audio-reactive music visualizer video from your track in a few steps.' },
  { path: '/audio-reactive-music-visualizers', title: 'Audio-Reactive Music Visualizers', description: 'Browse the visualizer templates that move with your music.' },
  { path: '/audio-reactive-music-visualizers/create/$vizName', title: 'Create a Music Visualizer', description: 'Choose your audio, colours and artwork for this visualizer template.' },

  // Static music videos
  { path: '/single-frame-music-video-templates', title: 'Static Music Video Templates', description: 'Browse templates that turn one image and your track into a music video.' },
  { path: '/single-frame-music-video-templates/create/$vizName', title: 'Create a Static Music Video', description: 'Pick your image and audio for this static music video template.' },

  // Spotify Canvas
  { path: '/spotify-canvas-templates', title: 'Spotify Canvas Templates', description: 'Short looping clip templates for your Spotify Canvas.' },
  { path: '/spotify-canvas-video-templates', title: 'Spotify Canvas Video Templates', description: 'Browse the templates for looping Spotify Canvas videos.' },
  { path: '/spotify-canvas-video-templates/create/$vizName', title: 'Create a Spotify Canvas Video', description: 'Set up this canvas template with your artwork and colours.' },
  { path: '/spotify-canvas-creator', title: 'Spotify Canvas Creator', description: 'Make a looping Spotify Canvas video for your release.' },
  { path: '/spotify-canvas-videos/faq', title: 'Spotify Canvas FAQ', description: 'Answers about Canvas sizes, lengths and uploads.' },
  { path: '/spotify-canvas-videos/how-to-create', title: 'How to Create a Spotify Canvas', description: 'A step-by-step guide to making and uploading a Canvas.' },
  { path: '/spotify-canvas-videos/releases', title: 'Spotify Canvas Releases', description: 'New Spotify Canvas templates and what changed, newest first, each with its moving preview.' },
  { path: '/spotify-canvas-videos/releases/$releasePostId', title: 'Canvas Release Post', description: 'One Canvas release post: what is new, with the template moving and a way to make your own.' },
  { path: '/canvas-render-progress/$vidId', title: 'Canvas Render Progress', description: 'Follow the render of your Canvas video until it is ready to download.' },

  // Not found
  { path: '/404', title: 'Page Not Found', description: 'We could not find the page you asked for.' },
];

/** Spec 2 "Routes requiring sign-in". */
// prettier-ignore
const SIGNED_IN_ROUTES: readonly Route[] = [
  // The media library
  { path: '/media', title: 'My Media', description: 'Your library: images, audio and every video you have made.' },
  { path: '/media/images', title: 'My Images', description: 'Album art, logos and backgrounds you uploaded.' },
  { path: '/media/audio', title: 'My Audio', description: 'Your uploaded tracks and their processing status.' },
  { path: '/media/audio/$audioId', title: 'Audio Track', description: 'One track: its details, artwork and the videos made from it.' },
  { path: '/media/audio/$audioId/lyrics', title: 'Track Lyrics', description: 'Paste the lyrics of a track and time each line by tapping along as it plays.' },
  // Ours, beyond spec 2: the lyrics editor's way in from the navigation (the choice of the track)
  { path: '/lyrics-editor', title: 'Timed Lyrics', description: 'Choose a track of your library, paste its lyrics and time each line by tapping along as it plays.' },

  // Your videos, plugins and publishing
  { path: '/media/connected-accounts', title: 'Connected Accounts', description: 'Video channels linked to your account for publishing.' },
  { path: '/media/plugins', title: 'My Plugins', description: 'Audio plugins on your account and their downloads.' },
  { path: '/social/youtube/subscribe', title: 'Subscribe on YouTube', description: 'Subscribe a linked channel to Waveframe updates.' },
  { path: '/media/canvas-videos', title: 'My Canvas Videos', description: 'Your rendered Spotify Canvas videos.' },
  { path: '/media/single-frame-videos', title: 'My Static Music Videos', description: 'Your single-frame music videos and their uploads.' },
  { path: '/media/single-frame-videos/$videoId', title: 'Static Music Video', description: 'One static music video: watch, download or publish it.' },
  { path: '/media/video-loop-extensions', title: 'My Video Loop Extensions', description: 'Videos you have extended by looping.' },
  { path: '/media/video-loop-extensions/$videoId', title: 'Video Loop Extension', description: 'One loop extension: watch or download it.' },
  { path: '/media/create/video-loop-extensions/$videoId', title: 'Create a Loop Extension', description: 'Choose how long this video should loop for.' },
  { path: '/media/progress/video-loop-extensions/$videoId', title: 'Loop Extension Progress', description: 'Follow the loop extension until it is ready.' },
  { path: '/media/visualizers', title: 'My Visualizers', description: 'Your audio-reactive visualizer videos.' },
  { path: '/media/visualizers/$videoId', title: 'Visualizer Video', description: 'One visualizer: watch, download or publish it.' },
  { path: '/media/upload/$targetId', title: 'Publish a Video', description: 'Send this video to one of your linked channels.' },
  { path: '/media/upload/$entryId/progress', title: 'Publishing Progress', description: 'Follow the upload of your video to its channel.' },
  { path: '/single-frame-music-videos/progress/$vidId', title: 'Static Music Video Progress', description: 'Follow the render and upload of your static music video.' },
  { path: '/audio-reactive-music-visualizers/progress/$vidId', title: 'Visualizer Render Progress', description: 'Follow the render of your visualizer: percent done and time remaining.' },
  { path: '/media/particle-system-render-progress/$vidId', title: 'Particle Render Progress', description: 'Follow the render of your particle system video.' },
  { path: '/media/particle-systems', title: 'My Particle Systems', description: 'Your particle system renders.' },
  { path: '/media/particle-systems/$videoId', title: 'Particle System Video', description: 'One particle system render: watch or download it.' },

  // Release kits (ours, beyond spec 2: issue 26)
  { path: '/release-kit-creator', title: 'Release Kit Creator', description: 'From one track and one look, every video a release needs: the full video, the hook for Shorts and Reels, a feed clip, a Canvas and a thumbnail.' },
  { path: '/media/release-kits', title: 'My Release Kits', description: 'Your release kits, newest first, and how far each has rendered.' },
  { path: '/media/release-kits/$kitId', title: 'Release Kit', description: 'One release kit: each file as it renders, the ZIP of them all, and publishing to YouTube.' },

  // Account, plan and payment
  { path: '/account', title: 'My Profile', description: 'Your name, e-mail address, password and account settings.' },
  { path: '/account/plan', title: 'My Plan', description: 'Your plan, credits, invoices and payment method.' },
  { path: '/account/plan/change', title: 'Change Plan', description: 'Move to another plan.' },
  { path: '/account/permanently-delete', title: 'Delete Account', description: 'Permanently delete your account and everything in it.' },
  { path: '/pricing', title: 'Pricing', description: 'Compare the plans and their credits, then choose one.', screen: 'pricing' },
  { path: '/pricing-paddle', title: 'Pricing', description: 'Compare the plans and their credits, then choose one.', screen: 'pricing' },
  { path: '/checkout', title: 'Checkout', description: 'Pay for your plan by card.', screen: 'checkout' },
  { path: '/checkout-pay', title: 'Checkout', description: 'Pay for your plan by card.', screen: 'checkout' },
  { path: '/plan-activated', title: 'Plan Activated', description: 'Your new plan is active: what you can do now.' },
];

export const ROUTE_TABLE: readonly RouteEntry[] = [
  ...PUBLIC_ROUTES.map((route) => ({ ...route, protected: false })),
  ...SIGNED_IN_ROUTES.map((route) => ({ ...route, protected: true })),
];

/** The screen a route shows; routes sharing a screen id show the same component. */
export function screenIdOf(entry: RouteEntry): string {
  return entry.screen ?? entry.path;
}

/** Names of the path parameters of a route, e.g. ['audioId'] for /media/audio/$audioId. */
export function paramNamesOf(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith('$'))
    .map((segment) => segment.slice(1));
}

/** A concrete URL for a route, with each parameter filled by `fill(name)`. */
export function samplePathOf(path: string, fill: (name: string) => string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith('$') ? fill(segment.slice(1)) : segment))
    .join('/');
}
