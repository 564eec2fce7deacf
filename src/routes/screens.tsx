import type { ComponentType, ReactNode } from 'react';
import {
  DeleteAccountScreen,
  EmailChangeScreen,
  EmailPrefsSavedScreen,
  EmailPrefsScreen,
  ProfileScreen,
} from '../features/account';
import {
  EmailVerificationScreen,
  ForgotPasswordScreen,
  LoginScreen,
  ResetPasswordScreen,
  SignUpScreen,
} from '../features/auth';
import { AudioDetailScreen, AudioScreen, ImagesScreen } from '../features/library';
import { LyricsEditorScreen, LyricsTracksScreen } from '../features/lyrics-editor';
import { MediaHomeScreen } from '../features/media-home';
import { ParticleCreatorScreen, ParticleEditorScreen } from '../features/particles';
import {
  AccountPlanScreen,
  ChangePlanScreen,
  CheckoutScreen,
  PlanActivatedScreen,
  PremiumScreen,
  PricingScreen,
} from '../features/plans';
import {
  AboutScreen,
  ContactScreen,
  FaqScreen,
  IntegrationsScreen,
  PrivacyScreen,
  SupportScreen,
  TermsScreen,
} from '../features/legal';
import { HomeScreen } from '../features/public';
import { AudioPluginsScreen, GanymedeScreen, MyPluginsScreen } from '../features/plugins';
import {
  ReleaseKitCreatorScreen,
  ReleaseKitScreen,
  ReleaseKitsScreen,
} from '../features/release-kits';
import { ReleasePostScreen, ReleasesScreen } from '../features/releases';
import {
  ConnectedAccountsScreen,
  PublishProgressScreen,
  PublishScreen,
  SubscribeScreen,
} from '../features/publishing';
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
  TrackVideos,
} from '../features/renders';
import {
  CanvasCreatorScreen,
  CanvasFaqScreen,
  CanvasGalleryScreen,
  CanvasHowToScreen,
  CanvasProgressScreen,
  CreateCanvasScreen,
} from '../features/canvas';
import { NotFoundScreen } from '../features/shell';
import {
  CreateLoopScreen,
  LoopProgressScreen,
  VideoLoopsScreen,
  VideoPage,
} from '../features/video-loops';
import {
  HertzToolScreen,
  ImageColorPickerScreen,
  InstagramSpacerScreen,
  RgbColorCreatorScreen,
  TempoToolScreen,
  ToolsIndexScreen,
} from '../features/tools';
import { CreateSingleFrameScreen, SingleFrameGalleryScreen } from '../features/single-frame';
import {
  CreateVisualizerScreen,
  VisualizerCreatorScreen,
  VisualizerGalleryScreen,
} from '../features/visualizers';
import { ROUTE_TABLE, screenIdOf, type RouteEntry } from './route-table';

type ScreenText = { title: string; description: string };

function ToolsIndex(props: ScreenText) {
  return <ToolsIndexScreen {...props} tools={TOOL_CARDS} />;
}

/** A track's page, with the videos made from it (features/renders) under its details. */
function TrackScreen(props: ScreenText) {
  return (
    <AudioDetailScreen {...props} videos={(audioUuid) => <TrackVideos audioUuid={audioUuid} />} />
  );
}

/** The screen of every route, by screen id (a unit test checks that no route lacks one). */
export const SCREENS: Record<string, ComponentType<ScreenText>> = {
  '/': HomeScreen,
  '/404': NotFoundScreen,
  '/terms': TermsScreen,
  '/privacy': PrivacyScreen,
  '/about': AboutScreen,
  '/faq': FaqScreen,
  '/integrations': IntegrationsScreen,
  '/support': SupportScreen,
  '/support/contact': ContactScreen,
  '/tools': ToolsIndex,
  '/premium': PremiumScreen,
  pricing: PricingScreen,
  checkout: CheckoutScreen,
  '/plan-activated': PlanActivatedScreen,
  '/account/plan': AccountPlanScreen,
  '/account/plan/change': ChangePlanScreen,
  '/tools/time-tempo-bpm-to-milliseconds-ms': TempoToolScreen,
  '/tools/hertz-hz-to-milliseconds-ms': HertzToolScreen,
  '/tools/color/rgb-color-creator': RgbColorCreatorScreen,
  '/tools/color/image-color-picker': ImageColorPickerScreen,
  '/tools/instagram-line-breaks-text-spacer': InstagramSpacerScreen,
  '/login': LoginScreen,
  '/sign-up': SignUpScreen,
  '/forgot-password': ForgotPasswordScreen,
  '/account/reset-password': ResetPasswordScreen,
  '/account/email-verification': EmailVerificationScreen,
  '/account/email-change': EmailChangeScreen,
  '/account/modify-email-prefs': EmailPrefsScreen,
  '/account/modify-email-prefs-success': EmailPrefsSavedScreen,
  '/account': ProfileScreen,
  '/account/permanently-delete': DeleteAccountScreen,
  '/media': MediaHomeScreen,
  '/media/images': ImagesScreen,
  '/media/audio': AudioScreen,
  '/media/audio/$audioId': TrackScreen,
  '/media/audio/$audioId/lyrics': LyricsEditorScreen,
  '/lyrics-editor': LyricsTracksScreen,
  '/music-visualizer-creator': VisualizerCreatorScreen,
  '/audio-reactive-music-visualizers': VisualizerGalleryScreen,
  '/audio-reactive-music-visualizers/create/$vizName': CreateVisualizerScreen,
  '/single-frame-music-video-templates': SingleFrameGalleryScreen,
  '/single-frame-music-video-templates/create/$vizName': CreateSingleFrameScreen,
  '/media/visualizers': VisualizerListScreen,
  '/media/visualizers/$videoId': VisualizerVideoScreen,
  '/media/single-frame-videos': StaticVideoListScreen,
  '/media/single-frame-videos/$videoId': StaticVideoScreen,
  '/audio-reactive-music-visualizers/progress/$vidId': VisualizerProgressScreen,
  '/single-frame-music-videos/progress/$vidId': StaticVideoProgressScreen,
  '/spotify-canvas-templates': CanvasGalleryScreen,
  '/spotify-canvas-video-templates': CanvasGalleryScreen,
  '/spotify-canvas-video-templates/create/$vizName': CreateCanvasScreen,
  '/spotify-canvas-creator': CanvasCreatorScreen,
  '/spotify-canvas-videos/faq': CanvasFaqScreen,
  '/spotify-canvas-videos/how-to-create': CanvasHowToScreen,
  '/spotify-canvas-videos/releases': ReleasesScreen,
  '/spotify-canvas-videos/releases/$releasePostId': ReleasePostScreen,
  '/canvas-render-progress/$vidId': CanvasProgressScreen,
  '/media/canvas-videos': CanvasListScreen,
  '/media/video-loop-extensions': VideoLoopsScreen,
  '/media/video-loop-extensions/$videoId': VideoPage,
  '/media/create/video-loop-extensions/$videoId': CreateLoopScreen,
  '/media/progress/video-loop-extensions/$videoId': LoopProgressScreen,
  '/tools/particle-system-editor': ParticleEditorScreen,
  '/particle-system-video-creator': ParticleCreatorScreen,
  '/media/particle-systems': ParticleListScreen,
  '/media/particle-systems/$videoId': ParticleVideoScreen,
  '/media/particle-system-render-progress/$vidId': ParticleProgressScreen,
  '/release-kit-creator': ReleaseKitCreatorScreen,
  '/media/release-kits': ReleaseKitsScreen,
  '/media/release-kits/$kitId': ReleaseKitScreen,
  '/audio-plugins': AudioPluginsScreen,
  '/audio-plugins/ganymede-visualizer': GanymedeScreen,
  '/media/plugins': MyPluginsScreen,
  '/media/connected-accounts': ConnectedAccountsScreen,
  '/social/youtube/subscribe': SubscribeScreen,
  '/media/upload/$targetId': PublishScreen,
  '/media/upload/$entryId/progress': PublishProgressScreen,
};

const TOOL_CARDS = ROUTE_TABLE.filter((entry) => entry.path.startsWith('/tools/')).map((entry) => ({
  path: entry.path,
  title: entry.title,
  description: entry.description,
}));

/** A route component: no props, everything comes from the route table and the router. */
export type ScreenComponent = (() => ReactNode) & { displayName?: string };

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
  cache.set(id, Screen);
  return Screen;
}
