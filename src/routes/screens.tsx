import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import { NotFoundScreen } from '../features/shell';
// The shell already needs features/renders (whether the user has visualizers decides where the
// Music Visualizers link leads), so its screens come with the first chunk rather than their own.
import {
  CanvasListScreen,
  ParticleListScreen,
  ParticleProgressScreen,
  ParticleVideoScreen,
  StaticVideoListScreen,
  StaticVideoProgressScreen,
  StaticVideoScreen,
  VisualizerListScreen,
  VisualizerProgressScreen,
  VisualizerVideoScreen,
} from '../features/renders';
import { screenIdOf, type RouteEntry } from './route-table';
import type { ScreenText } from './screen-text';

/**
 * Each feature's code, loaded the first time one of its screens is visited: the first page
 * loads only the shell and its own screen, and the service worker has the rest for offline use
 * (every chunk is precached). The router loads a screen's chunk before it leaves the screen
 * shown, so no blank page comes between.
 */
const load = {
  account: () => import('../features/account'),
  auth: () => import('../features/auth'),
  canvas: () => import('../features/canvas'),
  legal: () => import('../features/legal'),
  library: () => import('../features/library'),
  lyricsEditor: () => import('../features/lyrics-editor'),
  mediaHome: () => import('../features/media-home'),
  particles: () => import('../features/particles'),
  plans: () => import('../features/plans'),
  plugins: () => import('../features/plugins'),
  public: () => import('../features/public'),
  publishing: () => import('../features/publishing'),
  releaseKits: () => import('../features/release-kits'),
  releases: () => import('../features/releases'),
  singleFrame: () => import('../features/single-frame'),
  tools: () => import('../features/tools'),
  videoLoops: () => import('../features/video-loops'),
  visualizers: () => import('../features/visualizers'),
  composed: () => import('./composed-screens'),
};

/** A screen, loaded with its feature (a route component the router can load ahead). */
type Screen = ComponentType<ScreenText> & { preload?: () => Promise<void> | undefined };

/** The screen of every route, by screen id (a unit test checks that no route lacks one). */
export const SCREENS: Record<string, Screen> = {
  '/': lazyRouteComponent(load.public, 'HomeScreen'),
  '/404': NotFoundScreen,
  '/terms': lazyRouteComponent(load.legal, 'TermsScreen'),
  '/privacy': lazyRouteComponent(load.legal, 'PrivacyScreen'),
  '/about': lazyRouteComponent(load.legal, 'AboutScreen'),
  '/faq': lazyRouteComponent(load.legal, 'FaqScreen'),
  '/integrations': lazyRouteComponent(load.legal, 'IntegrationsScreen'),
  '/support': lazyRouteComponent(load.legal, 'SupportScreen'),
  '/support/contact': lazyRouteComponent(load.legal, 'ContactScreen'),
  '/tools': lazyRouteComponent(load.composed, 'ToolsIndex'),
  '/premium': lazyRouteComponent(load.plans, 'PremiumScreen'),
  pricing: lazyRouteComponent(load.plans, 'PricingScreen'),
  checkout: lazyRouteComponent(load.plans, 'CheckoutScreen'),
  '/plan-activated': lazyRouteComponent(load.plans, 'PlanActivatedScreen'),
  '/account/plan': lazyRouteComponent(load.plans, 'AccountPlanScreen'),
  '/account/plan/change': lazyRouteComponent(load.plans, 'ChangePlanScreen'),
  '/tools/time-tempo-bpm-to-milliseconds-ms': lazyRouteComponent(load.tools, 'TempoToolScreen'),
  '/tools/hertz-hz-to-milliseconds-ms': lazyRouteComponent(load.tools, 'HertzToolScreen'),
  '/tools/color/rgb-color-creator': lazyRouteComponent(load.tools, 'RgbColorCreatorScreen'),
  '/tools/color/image-color-picker': lazyRouteComponent(load.tools, 'ImageColorPickerScreen'),
  '/tools/instagram-line-breaks-text-spacer': lazyRouteComponent(
    load.tools,
    'InstagramSpacerScreen',
  ),
  '/login': lazyRouteComponent(load.auth, 'LoginScreen'),
  '/sign-up': lazyRouteComponent(load.auth, 'SignUpScreen'),
  '/forgot-password': lazyRouteComponent(load.auth, 'ForgotPasswordScreen'),
  '/account/reset-password': lazyRouteComponent(load.auth, 'ResetPasswordScreen'),
  '/account/email-verification': lazyRouteComponent(load.auth, 'EmailVerificationScreen'),
  '/account/email-change': lazyRouteComponent(load.account, 'EmailChangeScreen'),
  '/account/modify-email-prefs': lazyRouteComponent(load.account, 'EmailPrefsScreen'),
  '/account/modify-email-prefs-success': lazyRouteComponent(load.account, 'EmailPrefsSavedScreen'),
  '/account': lazyRouteComponent(load.account, 'ProfileScreen'),
  '/account/permanently-delete': lazyRouteComponent(load.account, 'DeleteAccountScreen'),
  '/media': lazyRouteComponent(load.mediaHome, 'MediaHomeScreen'),
  '/media/images': lazyRouteComponent(load.library, 'ImagesScreen'),
  '/media/audio': lazyRouteComponent(load.library, 'AudioScreen'),
  '/media/audio/$audioId': lazyRouteComponent(load.composed, 'TrackScreen'),
  '/media/audio/$audioId/lyrics': lazyRouteComponent(load.lyricsEditor, 'LyricsEditorScreen'),
  '/lyrics-editor': lazyRouteComponent(load.lyricsEditor, 'LyricsTracksScreen'),
  '/music-visualizer-creator': lazyRouteComponent(load.visualizers, 'VisualizerCreatorScreen'),
  '/audio-reactive-music-visualizers': lazyRouteComponent(
    load.visualizers,
    'VisualizerGalleryScreen',
  ),
  '/audio-reactive-music-visualizers/create/$vizName': lazyRouteComponent(
    load.visualizers,
    'CreateVisualizerScreen',
  ),
  '/single-frame-music-video-templates': lazyRouteComponent(
    load.singleFrame,
    'SingleFrameGalleryScreen',
  ),
  '/single-frame-music-video-templates/create/$vizName': lazyRouteComponent(
    load.singleFrame,
    'CreateSingleFrameScreen',
  ),
  '/media/visualizers': VisualizerListScreen,
  '/media/visualizers/$videoId': VisualizerVideoScreen,
  '/media/single-frame-videos': StaticVideoListScreen,
  '/media/single-frame-videos/$videoId': StaticVideoScreen,
  '/audio-reactive-music-visualizers/progress/$vidId': VisualizerProgressScreen,
  '/single-frame-music-videos/progress/$vidId': StaticVideoProgressScreen,
  '/spotify-canvas-templates': lazyRouteComponent(load.canvas, 'CanvasGalleryScreen'),
  '/spotify-canvas-video-templates': lazyRouteComponent(load.canvas, 'CanvasGalleryScreen'),
  '/spotify-canvas-video-templates/create/$vizName': lazyRouteComponent(
    load.canvas,
    'CreateCanvasScreen',
  ),
  '/spotify-canvas-creator': lazyRouteComponent(load.canvas, 'CanvasCreatorScreen'),
  '/spotify-canvas-videos/faq': lazyRouteComponent(load.canvas, 'CanvasFaqScreen'),
  '/spotify-canvas-videos/how-to-create': lazyRouteComponent(load.canvas, 'CanvasHowToScreen'),
  '/spotify-canvas-videos/releases': lazyRouteComponent(load.releases, 'ReleasesScreen'),
  '/spotify-canvas-videos/releases/$releasePostId': lazyRouteComponent(
    load.releases,
    'ReleasePostScreen',
  ),
  '/canvas-render-progress/$vidId': lazyRouteComponent(load.canvas, 'CanvasProgressScreen'),
  '/media/canvas-videos': CanvasListScreen,
  '/media/video-loop-extensions': lazyRouteComponent(load.videoLoops, 'VideoLoopsScreen'),
  '/media/video-loop-extensions/$videoId': lazyRouteComponent(load.videoLoops, 'VideoPage'),
  '/media/create/video-loop-extensions/$videoId': lazyRouteComponent(
    load.videoLoops,
    'CreateLoopScreen',
  ),
  '/media/progress/video-loop-extensions/$videoId': lazyRouteComponent(
    load.videoLoops,
    'LoopProgressScreen',
  ),
  '/tools/particle-system-editor': lazyRouteComponent(load.particles, 'ParticleEditorScreen'),
  '/particle-system-video-creator': lazyRouteComponent(load.particles, 'ParticleCreatorScreen'),
  '/media/particle-systems': ParticleListScreen,
  '/media/particle-systems/$videoId': ParticleVideoScreen,
  '/media/particle-system-render-progress/$vidId': ParticleProgressScreen,
  '/release-kit-creator': lazyRouteComponent(load.releaseKits, 'ReleaseKitCreatorScreen'),
  '/media/release-kits': lazyRouteComponent(load.releaseKits, 'ReleaseKitsScreen'),
  '/media/release-kits/$kitId': lazyRouteComponent(load.releaseKits, 'ReleaseKitScreen'),
  '/audio-plugins': lazyRouteComponent(load.plugins, 'AudioPluginsScreen'),
  '/audio-plugins/ganymede-visualizer': lazyRouteComponent(load.plugins, 'GanymedeScreen'),
  '/media/plugins': lazyRouteComponent(load.plugins, 'MyPluginsScreen'),
  '/media/connected-accounts': lazyRouteComponent(load.publishing, 'ConnectedAccountsScreen'),
  '/social/youtube/subscribe': lazyRouteComponent(load.publishing, 'SubscribeScreen'),
  '/media/upload/$targetId': lazyRouteComponent(load.publishing, 'PublishScreen'),
  '/media/upload/$entryId/progress': lazyRouteComponent(load.publishing, 'PublishProgressScreen'),
};

/** A route component: no props, everything comes from the route table and the router. */
export type ScreenComponent = (() => ReactNode) & {
  displayName?: string;
  preload?: () => Promise<void> | undefined;
};

const cache = new Map<string, ScreenComponent>();

/** The route component of an entry; entries with the same screen id get the same component. */
export function screenFor(entry: RouteEntry): ScreenComponent {
  const id = screenIdOf(entry);
  const cached = cache.get(id);
  if (cached) return cached;

  const Content = SCREENS[id];
  if (!Content) throw new Error(`No screen for ${entry.path}`);
  const Screen: ScreenComponent = () => (
    <Content title={entry.title} description={entry.description} />
  );
  Screen.displayName = `Screen(${id})`;
  // The router calls this before it shows the route, so the screen's code is there when it renders.
  Screen.preload = () => Content.preload?.();
  cache.set(id, Screen);
  return Screen;
}
