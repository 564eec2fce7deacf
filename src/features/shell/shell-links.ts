import type { SessionState } from '../session';

export interface ShellLink {
  label: string;
  to: string;
}

export const STATIC_MUSIC_VIDEOS_LINK: ShellLink = {
  label: 'Static Music Videos',
  to: '/single-frame-music-video-templates',
};

export const CANVAS_VIDEOS_LINK: ShellLink = {
  label: 'Spotify Canvas Videos',
  to: '/spotify-canvas-video-templates',
};

/**
 * Our creators beyond the spec's three, named the way it names those (what they make). Both work
 * on the user's own tracks, so they show once signed in: signed out they would only lead to the
 * login page, which then goes on to My Media rather than back to them (spec 2 redirect rules).
 */
export const RELEASE_KITS_LINK: ShellLink = { label: 'Release Kits', to: '/release-kit-creator' };
export const TIMED_LYRICS_LINK: ShellLink = { label: 'Timed Lyrics', to: '/lyrics-editor' };

/**
 * The top-bar width from which Release Kits and Timed Lyrics stand in the bar beside the spec's
 * links (signed in, with Upgrade and the account menu, they need about 1420 px); narrower, the
 * wide layout lists them first in the More menu, and the drawer always has them.
 */
export const OWN_TRACK_LINKS_INLINE_MIN_WIDTH_PX = 1440;

/** The creators of the signed-in user's own tracks, after the spec's three. */
export function ownTrackLinks(session: SessionState): ShellLink[] {
  return session.status === 'signed-in' ? [RELEASE_KITS_LINK, TIMED_LYRICS_LINK] : [];
}

export const UPGRADE_LINK: ShellLink = { label: 'Upgrade', to: '/pricing' };
export const PLAN_ISSUE_LINK: ShellLink = { label: 'Issue Detected', to: '/account/plan' };
export const MY_MEDIA_LINK: ShellLink = { label: 'My Media', to: '/media' };
export const MY_PROFILE_LINK: ShellLink = { label: 'My Profile', to: '/account' };
export const SIGN_UP_PATH = '/sign-up';
export const LOGIN_PATH = '/login';

/** The More menu's links (spec 2), followed there by a copyright line. */
export const MORE_LINKS: readonly ShellLink[] = [
  { label: 'FAQ', to: '/faq' },
  { label: 'Support', to: '/support' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
];

export function copyrightLine(year: number): string {
  return `© ${year} Waveframe. All rights reserved.`;
}

/**
 * Music Visualizers leads to the visualizer gallery when the user has visualizers, else to the
 * creator (spec 2). `knownVisualizers`: the saved render list of this device has some.
 */
export function musicVisualizersLink(session: SessionState, knownVisualizers = false): ShellLink {
  const hasVisualizers =
    session.status === 'signed-in' && (session.visualizers.length > 0 || knownVisualizers);
  return {
    label: 'Music Visualizers',
    to: hasVisualizers ? '/audio-reactive-music-visualizers' : '/music-visualizer-creator',
  };
}

/** The Upgrade link shows only to signed-in non-premium users once their plan was refreshed. */
export function showsUpgrade(session: SessionState): boolean {
  return session.status === 'signed-in' && session.plan !== null && !session.plan.premium;
}

/** The past-due warning and "Issue Detected" show while the plan is past due. */
export function showsPlanIssue(session: SessionState): boolean {
  return session.status === 'signed-in' && session.plan?.pastDue === true;
}

/** The main links of the top bar, in order; `withOwnTrackLinks` when the bar has room for them. */
export function mainLinks(
  session: SessionState,
  knownVisualizers = false,
  withOwnTrackLinks = true,
): ShellLink[] {
  return [
    musicVisualizersLink(session, knownVisualizers),
    STATIC_MUSIC_VIDEOS_LINK,
    CANVAS_VIDEOS_LINK,
    ...(withOwnTrackLinks ? ownTrackLinks(session) : []),
  ];
}
