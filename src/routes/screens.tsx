import type { ComponentType, ReactNode } from 'react';
import { DeleteAccountScreen } from '../features/account/DeleteAccountScreen';
import { EmailChangeScreen } from '../features/account/EmailChangeScreen';
import { EmailPrefsSavedScreen } from '../features/account/EmailPrefsSavedScreen';
import { EmailPrefsScreen } from '../features/account/EmailPrefsScreen';
import { ProfileScreen } from '../features/account/ProfileScreen';
import { LoginScreen, SignUpScreen } from '../features/auth/AuthScreen';
import { EmailVerificationScreen } from '../features/auth/EmailVerificationScreen';
import { ForgotPasswordScreen } from '../features/auth/ForgotPasswordScreen';
import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen';
import { AudioDetailScreen } from '../features/library/AudioDetailScreen';
import { AudioScreen } from '../features/library/AudioScreen';
import { ImagesScreen } from '../features/library/ImagesScreen';
import { LibraryHomeScreen } from '../features/library/LibraryHomeScreen';
import { HomeScreen } from '../features/public/HomeScreen';
import {
  StaticVideoListScreen,
  StaticVideoProgressScreen,
  StaticVideoScreen,
  VisualizerListScreen,
  VisualizerProgressScreen,
  VisualizerVideoScreen,
} from '../features/renders/render-screens';
import { ComingSoonScreen } from '../features/shell/ComingSoonScreen';
import { NotFoundScreen } from '../features/shell/NotFoundScreen';
import { HertzToolScreen } from '../features/tools/HertzToolScreen';
import { TempoToolScreen } from '../features/tools/TempoToolScreen';
import { ToolsIndexScreen } from '../features/tools/ToolsIndexScreen';
import { CreateSingleFrameScreen } from '../features/single-frame/CreateSingleFrameScreen';
import { SingleFrameGalleryScreen } from '../features/single-frame/SingleFrameGalleryScreen';
import { CreateVisualizerScreen } from '../features/visualizers/CreateVisualizerScreen';
import { VisualizerCreatorScreen } from '../features/visualizers/VisualizerCreatorScreen';
import { VisualizerGalleryScreen } from '../features/visualizers/VisualizerGalleryScreen';
import { AREA_LABELS, ROUTE_TABLE, screenIdOf, type RouteEntry } from './route-table';

type ScreenText = { title: string; description: string };

const TOOL_CARDS = ROUTE_TABLE.filter((entry) => entry.path.startsWith('/tools/')).map((entry) => ({
  path: entry.path,
  title: entry.title,
  description: entry.description,
  ready: entry.area === 'foundation',
}));

function ToolsIndex(props: ScreenText) {
  return <ToolsIndexScreen {...props} tools={TOOL_CARDS} />;
}

/** Screens that already have their content, by screen id; the others show ComingSoonScreen. */
const BUILT_SCREENS: Record<string, ComponentType<ScreenText>> = {
  '/': HomeScreen,
  '/404': NotFoundScreen,
  '/tools': ToolsIndex,
  '/tools/time-tempo-bpm-to-milliseconds-ms': TempoToolScreen,
  '/tools/hertz-hz-to-milliseconds-ms': HertzToolScreen,
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
  '/media': LibraryHomeScreen,
  '/media/images': ImagesScreen,
  '/media/audio': AudioScreen,
  '/media/audio/$audioId': AudioDetailScreen,
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
};

/** A route component: no props, everything comes from the route table and the router. */
export type ScreenComponent = (() => ReactNode) & { displayName?: string };

const cache = new Map<string, ScreenComponent>();

/** The route component of an entry; entries with the same screen id get the same component. */
export function screenFor(entry: RouteEntry): ScreenComponent {
  const id = screenIdOf(entry);
  const cached = cache.get(id);
  if (cached) return cached;

  const Built = BUILT_SCREENS[id];
  const Screen: ScreenComponent = Built
    ? () => <Built title={entry.title} description={entry.description} />
    : () => (
        <ComingSoonScreen
          title={entry.title}
          description={entry.description}
          areaLabel={AREA_LABELS[entry.area]}
        />
      );
  Screen.displayName = `Screen(${id})`;
  cache.set(id, Screen);
  return Screen;
}
