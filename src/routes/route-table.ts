// Every route of spec 2 with its title, a line on what the screen holds, whether it needs sign-in,
// and which area of work delivers its content ('foundation' screens work already). Plain data:
// the router, the tests and the README read it.

/** The areas of work that fill the screens; 'foundation' means the screen is done. */
export type DeliveringArea =
  | 'foundation'
  | 'accounts'
  | 'content'
  | 'tools'
  | 'plugins'
  | 'library'
  | 'visualizers'
  | 'single-frame'
  | 'canvas'
  | 'particles'
  | 'loop-extensions'
  | 'publishing'
  | 'payments';

export interface RouteEntry {
  /** Router path; parameters are written $name (e.g. /media/audio/$audioId). */
  path: string;
  title: string;
  description: string;
  /** True for the routes of spec 2 "Routes requiring sign-in". */
  protected: boolean;
  area: DeliveringArea;
  /** Routes that show the same screen share a screen id; by default the path is the id. */
  screen?: string;
}

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

const publicRoutes: RouteEntry[] = [
  {
    path: '/',
    title: 'Turn your music into videos',
    description:
      'Audio-reactive visualizers, static music videos and Spotify Canvas loops made from your tracks.',
    protected: false,
    area: 'foundation',
  },
  {
    path: '/login',
    title: 'Log In',
    description: 'Log in with your e-mail address and password to reach your media and renders.',
    protected: false,
    area: 'accounts',
  },
  {
    path: '/sign-up',
    title: 'Create Your Account',
    description: 'Sign up with an e-mail address, agree to the terms and verify your address.',
    protected: false,
    area: 'accounts',
  },
  {
    path: '/forgot-password',
    title: 'Forgot Password',
    description: 'Request an e-mail with a link to choose a new password.',
    protected: false,
    area: 'accounts',
  },
  {
    path: '/account/reset-password',
    title: 'Reset Password',
    description: 'Choose a new password with the link from your password-reset e-mail.',
    protected: false,
    area: 'accounts',
  },
  {
    path: '/account/email-verification',
    title: 'Verify Your Email',
    description: 'Confirms your e-mail address from the link in your verification e-mail.',
    protected: false,
    area: 'accounts',
  },
  {
    path: '/account/email-change',
    title: 'Confirm Email Change',
    description: 'Confirms the move of your account to a new e-mail address.',
    protected: false,
    area: 'accounts',
  },
  {
    path: '/account/modify-email-prefs',
    title: 'Email Preferences',
    description: 'Choose which e-mails you receive from Waveframe.',
    protected: false,
    area: 'accounts',
  },
  {
    path: '/account/modify-email-prefs-success',
    title: 'Email Preferences Saved',
    description: 'Confirms that your e-mail preferences were saved.',
    protected: false,
    area: 'accounts',
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    description: 'The terms that apply when you use Waveframe.',
    protected: false,
    area: 'content',
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    description: 'What Waveframe stores about you, why, and for how long.',
    protected: false,
    area: 'content',
  },
  {
    path: '/about',
    title: 'About Waveframe',
    description: 'Who makes Waveframe and why.',
    protected: false,
    area: 'content',
  },
  {
    path: '/faq',
    title: 'Frequently Asked Questions',
    description: 'Answers about renders, credits, plans and publishing.',
    protected: false,
    area: 'content',
  },
  {
    path: '/integrations',
    title: 'Integrations',
    description: 'The services Waveframe connects to, such as your video channel.',
    protected: false,
    area: 'content',
  },
  {
    path: '/support',
    title: 'Support',
    description: 'Guides and help for getting the most out of Waveframe.',
    protected: false,
    area: 'content',
  },
  {
    path: '/support/contact',
    title: 'Contact Support',
    description: 'Send a message to the Waveframe team.',
    protected: false,
    area: 'content',
  },
  {
    path: '/premium',
    title: 'Waveframe Premium',
    description: 'What the paid plans add: more credits, longer videos and no watermark.',
    protected: false,
    area: 'payments',
  },
  {
    path: '/tools',
    title: 'Free Tools for Musicians',
    description: 'Small free tools for tempo, frequency, colour and social posts.',
    protected: false,
    area: 'foundation',
  },
  {
    path: '/tools/color/rgb-color-creator',
    title: 'RGB Color Creator',
    description: 'Mix a colour from red, green and blue and copy its codes.',
    protected: false,
    area: 'tools',
  },
  {
    path: '/tools/color/image-color-picker',
    title: 'Image Color Picker',
    description: 'Pick colours from an image, such as your album art.',
    protected: false,
    area: 'tools',
  },
  {
    path: '/tools/instagram-line-breaks-text-spacer',
    title: 'Instagram Line Break Spacer',
    description: 'Write captions with line breaks that Instagram keeps.',
    protected: false,
    area: 'tools',
  },
  {
    path: '/tools/time-tempo-bpm-to-milliseconds-ms',
    title: 'BPM to Milliseconds Calculator',
    description:
      'Enter a tempo to get the length of every note value in milliseconds, with dotted and triplet notes.',
    protected: false,
    area: 'foundation',
  },
  {
    path: '/tools/hertz-hz-to-milliseconds-ms',
    title: 'Hertz to Milliseconds Converter',
    description:
      'Turn a frequency into its period in milliseconds, and milliseconds back into hertz.',
    protected: false,
    area: 'foundation',
  },
  {
    path: '/tools/particle-system-editor',
    title: 'Particle System Editor',
    description: 'Design particle effects with a live preview.',
    protected: false,
    area: 'particles',
  },
  {
    path: '/audio-plugins',
    title: 'Audio Plugins',
    description: 'Audio plugins that bring Waveframe visuals into your music software.',
    protected: false,
    area: 'plugins',
  },
  {
    path: '/audio-plugins/ganymede-visualizer',
    title: 'Ganymede Visualizer Plugin',
    description: 'The Ganymede visualizer plugin: features, downloads and setup.',
    protected: false,
    area: 'plugins',
  },
  {
    path: '/particle-system-video-creator',
    title: 'Particle System Video Creator',
    description: 'Turn a particle system and your audio into a video.',
    protected: false,
    area: 'particles',
  },
  {
    path: '/music-visualizer-creator',
    title: 'Music Visualizer Creator',
    description: 'Make an audio-reactive music visualizer video from your track in a few steps.',
    protected: false,
    area: 'visualizers',
  },
  {
    path: '/audio-reactive-music-visualizers',
    title: 'Audio-Reactive Music Visualizers',
    description: 'Browse the visualizer templates that move with your music.',
    protected: false,
    area: 'visualizers',
  },
  {
    path: '/audio-reactive-music-visualizers/create/$vizName',
    title: 'Create a Music Visualizer',
    description: 'Choose your audio, colours and artwork for this visualizer template.',
    protected: false,
    area: 'visualizers',
  },
  {
    path: '/single-frame-music-video-templates',
    title: 'Static Music Video Templates',
    description: 'Browse templates that turn one image and your track into a music video.',
    protected: false,
    area: 'single-frame',
  },
  {
    path: '/single-frame-music-video-templates/create/$vizName',
    title: 'Create a Static Music Video',
    description: 'Pick your image and audio for this static music video template.',
    protected: false,
    area: 'single-frame',
  },
  {
    path: '/spotify-canvas-templates',
    title: 'Spotify Canvas Templates',
    description: 'Short looping clip templates for your Spotify Canvas.',
    protected: false,
    area: 'canvas',
  },
  {
    path: '/spotify-canvas-video-templates',
    title: 'Spotify Canvas Video Templates',
    description: 'Browse the templates for looping Spotify Canvas videos.',
    protected: false,
    area: 'canvas',
  },
  {
    path: '/spotify-canvas-video-templates/create/$vizName',
    title: 'Create a Spotify Canvas Video',
    description: 'Set up this canvas template with your artwork and colours.',
    protected: false,
    area: 'canvas',
  },
  {
    path: '/spotify-canvas-creator',
    title: 'Spotify Canvas Creator',
    description: 'Make a looping Spotify Canvas video for your release.',
    protected: false,
    area: 'canvas',
  },
  {
    path: '/spotify-canvas-videos/faq',
    title: 'Spotify Canvas FAQ',
    description: 'Answers about Canvas sizes, lengths and uploads.',
    protected: false,
    area: 'canvas',
  },
  {
    path: '/spotify-canvas-videos/how-to-create',
    title: 'How to Create a Spotify Canvas',
    description: 'A step-by-step guide to making and uploading a Canvas.',
    protected: false,
    area: 'canvas',
  },
  {
    path: '/spotify-canvas-videos/releases',
    title: 'Spotify Canvas Releases',
    description: 'Releases that use Canvas videos made with Waveframe.',
    protected: false,
    area: 'canvas',
  },
  {
    path: '/spotify-canvas-videos/releases/$releasePostId',
    title: 'Canvas Release Post',
    description: 'One release and the Canvas video made for it.',
    protected: false,
    area: 'canvas',
  },
  {
    path: '/canvas-render-progress/$vidId',
    title: 'Canvas Render Progress',
    description: 'Follow the render of your Canvas video until it is ready to download.',
    protected: false,
    area: 'canvas',
  },
  {
    path: '/404',
    title: 'Page Not Found',
    description: 'We could not find the page you asked for.',
    protected: false,
    area: 'foundation',
  },
];

const signedInRoutes: RouteEntry[] = [
  {
    path: '/media',
    title: 'My Media',
    description: 'Your library: images, audio and every video you have made.',
    protected: true,
    area: 'library',
  },
  {
    path: '/media/images',
    title: 'My Images',
    description: 'Album art, logos and backgrounds you uploaded.',
    protected: true,
    area: 'library',
  },
  {
    path: '/media/audio',
    title: 'My Audio',
    description: 'Your uploaded tracks and their processing status.',
    protected: true,
    area: 'library',
  },
  {
    path: '/media/audio/$audioId',
    title: 'Audio Track',
    description: 'One track: its details, artwork and the videos made from it.',
    protected: true,
    area: 'library',
  },
  {
    path: '/media/connected-accounts',
    title: 'Connected Accounts',
    description: 'Video channels linked to your account for publishing.',
    protected: true,
    area: 'publishing',
  },
  {
    path: '/media/plugins',
    title: 'My Plugins',
    description: 'Audio plugins on your account and their downloads.',
    protected: true,
    area: 'plugins',
  },
  {
    path: '/social/youtube/subscribe',
    title: 'Subscribe on YouTube',
    description: 'Subscribe a linked channel to Waveframe updates.',
    protected: true,
    area: 'publishing',
  },
  {
    path: '/media/canvas-videos',
    title: 'My Canvas Videos',
    description: 'Your rendered Spotify Canvas videos.',
    protected: true,
    area: 'canvas',
  },
  {
    path: '/media/single-frame-videos',
    title: 'My Static Music Videos',
    description: 'Your single-frame music videos and their uploads.',
    protected: true,
    area: 'single-frame',
  },
  {
    path: '/media/single-frame-videos/$videoId',
    title: 'Static Music Video',
    description: 'One static music video: watch, download or publish it.',
    protected: true,
    area: 'single-frame',
  },
  {
    path: '/media/video-loop-extensions',
    title: 'My Video Loop Extensions',
    description: 'Videos you have extended by looping.',
    protected: true,
    area: 'loop-extensions',
  },
  {
    path: '/media/video-loop-extensions/$videoId',
    title: 'Video Loop Extension',
    description: 'One loop extension: watch or download it.',
    protected: true,
    area: 'loop-extensions',
  },
  {
    path: '/media/create/video-loop-extensions/$videoId',
    title: 'Create a Loop Extension',
    description: 'Choose how long this video should loop for.',
    protected: true,
    area: 'loop-extensions',
  },
  {
    path: '/media/progress/video-loop-extensions/$videoId',
    title: 'Loop Extension Progress',
    description: 'Follow the loop extension until it is ready.',
    protected: true,
    area: 'loop-extensions',
  },
  {
    path: '/media/visualizers',
    title: 'My Visualizers',
    description: 'Your audio-reactive visualizer videos.',
    protected: true,
    area: 'visualizers',
  },
  {
    path: '/media/visualizers/$videoId',
    title: 'Visualizer Video',
    description: 'One visualizer: watch, download or publish it.',
    protected: true,
    area: 'visualizers',
  },
  {
    path: '/media/upload/$targetId',
    title: 'Publish a Video',
    description: 'Send this video to one of your linked channels.',
    protected: true,
    area: 'publishing',
  },
  {
    path: '/media/upload/$entryId/progress',
    title: 'Publishing Progress',
    description: 'Follow the upload of your video to its channel.',
    protected: true,
    area: 'publishing',
  },
  {
    path: '/single-frame-music-videos/progress/$vidId',
    title: 'Static Music Video Progress',
    description: 'Follow the render and upload of your static music video.',
    protected: true,
    area: 'single-frame',
  },
  {
    path: '/audio-reactive-music-visualizers/progress/$vidId',
    title: 'Visualizer Render Progress',
    description: 'Follow the render of your visualizer: percent done and time remaining.',
    protected: true,
    area: 'visualizers',
  },
  {
    path: '/media/particle-system-render-progress/$vidId',
    title: 'Particle Render Progress',
    description: 'Follow the render of your particle system video.',
    protected: true,
    area: 'particles',
  },
  {
    path: '/media/particle-systems',
    title: 'My Particle Systems',
    description: 'Your particle system renders.',
    protected: true,
    area: 'particles',
  },
  {
    path: '/media/particle-systems/$videoId',
    title: 'Particle System Video',
    description: 'One particle system render: watch or download it.',
    protected: true,
    area: 'particles',
  },
  {
    path: '/account',
    title: 'My Profile',
    description: 'Your name, e-mail address, password and account settings.',
    protected: true,
    area: 'accounts',
  },
  {
    path: '/account/plan',
    title: 'My Plan',
    description: 'Your plan, credits, invoices and payment method.',
    protected: true,
    area: 'payments',
  },
  {
    path: '/account/plan/change',
    title: 'Change Plan',
    description: 'Move to another plan.',
    protected: true,
    area: 'payments',
  },
  {
    path: '/account/permanently-delete',
    title: 'Delete Account',
    description: 'Permanently delete your account and everything in it.',
    protected: true,
    area: 'accounts',
  },
  {
    path: '/pricing',
    title: 'Pricing',
    description: 'Compare the plans and their credits, then choose one.',
    protected: true,
    area: 'payments',
    screen: 'pricing',
  },
  {
    path: '/pricing-paddle',
    title: 'Pricing',
    description: 'Compare the plans and their credits, then choose one.',
    protected: true,
    area: 'payments',
    screen: 'pricing',
  },
  {
    path: '/checkout',
    title: 'Checkout',
    description: 'Pay for your plan by card.',
    protected: true,
    area: 'payments',
    screen: 'checkout',
  },
  {
    path: '/checkout-pay',
    title: 'Checkout',
    description: 'Pay for your plan by card.',
    protected: true,
    area: 'payments',
    screen: 'checkout',
  },
  {
    path: '/plan-activated',
    title: 'Plan Activated',
    description: 'Your new plan is active: what you can do now.',
    protected: true,
    area: 'payments',
  },
];

export const ROUTE_TABLE: readonly RouteEntry[] = [...publicRoutes, ...signedInRoutes];

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

/** Human names of the areas, for badges and the README. */
export const AREA_LABELS: Record<DeliveringArea, string> = {
  foundation: 'Foundation',
  accounts: 'Accounts',
  content: 'Help and legal pages',
  tools: 'Free tools',
  plugins: 'Audio plugins',
  library: 'Media library',
  visualizers: 'Music visualizers',
  'single-frame': 'Static music videos',
  canvas: 'Spotify Canvas videos',
  particles: 'Particle systems',
  'loop-extensions': 'Video loop extensions',
  publishing: 'Publishing',
  payments: 'Plans and payments',
};
