import { describe, expect, it } from 'vitest';
import {
  paramNamesOf,
  REDIRECTS,
  ROUTE_TABLE,
  samplePathOf,
  screenIdOf,
} from '../../../src/routes/route-table';

// The route lists of spec section 2, word for word ({param} written as $param).
const SPEC_PUBLIC = `/ /login /sign-up /forgot-password /account/reset-password /account/email-verification
/account/email-change /account/modify-email-prefs /account/modify-email-prefs-success /terms /privacy
/about /faq /integrations /support /support/contact /premium /tools /tools/color/rgb-color-creator
/tools/color/image-color-picker /tools/instagram-line-breaks-text-spacer
/tools/time-tempo-bpm-to-milliseconds-ms /tools/hertz-hz-to-milliseconds-ms /tools/particle-system-editor
/audio-plugins /audio-plugins/ganymede-visualizer /particle-system-video-creator /music-visualizer-creator
/audio-reactive-music-visualizers /audio-reactive-music-visualizers/create/{vizName}
/single-frame-music-video-templates /single-frame-music-video-templates/create/{vizName}
/spotify-canvas-templates /spotify-canvas-video-templates /spotify-canvas-video-templates/create/{vizName}
/spotify-canvas-creator /spotify-canvas-videos/faq /spotify-canvas-videos/how-to-create
/spotify-canvas-videos/releases /spotify-canvas-videos/releases/{releasePostId}
/canvas-render-progress/{vidId} /404`;

const SPEC_SIGNED_IN = `/media /media/images /media/audio /media/audio/{audioId} /media/connected-accounts
/media/plugins /social/youtube/subscribe /media/canvas-videos /media/single-frame-videos
/media/single-frame-videos/{videoId} /media/video-loop-extensions /media/video-loop-extensions/{videoId}
/media/create/video-loop-extensions/{videoId} /media/progress/video-loop-extensions/{videoId}
/media/visualizers /media/visualizers/{videoId} /media/upload/{targetId} /media/upload/{entryId}/progress
/single-frame-music-videos/progress/{vidId} /audio-reactive-music-visualizers/progress/{vidId}
/media/particle-system-render-progress/{vidId} /media/particle-systems /media/particle-systems/{videoId}
/account /account/plan /account/plan/change /account/permanently-delete /pricing /pricing-paddle /checkout
/checkout-pay /plan-activated`;

// Ours, beyond spec 2 (issue 26: the release kit; issue 27: a track's lyrics).
const OUR_SIGNED_IN = `/release-kit-creator /media/release-kits /media/release-kits/{kitId}
  /media/audio/{audioId}/lyrics /lyrics-editor`;

const toRouterPaths = (list: string) =>
  list
    .split(/\s+/)
    .filter(Boolean)
    .map((path) => path.replace(/\{(\w+)\}/g, '$$$1'));

describe('route table', () => {
  it('holds exactly the public routes of the spec', () => {
    const table = ROUTE_TABLE.filter((entry) => !entry.protected).map((entry) => entry.path);
    expect(table.sort()).toEqual(toRouterPaths(SPEC_PUBLIC).sort());
  });

  it('holds exactly the signed-in routes of the spec, and ours', () => {
    const table = ROUTE_TABLE.filter((entry) => entry.protected).map((entry) => entry.path);
    expect(table.sort()).toEqual(toRouterPaths(`${SPEC_SIGNED_IN} ${OUR_SIGNED_IN}`).sort());
  });

  it('has the redirects of the spec', () => {
    expect(REDIRECTS).toEqual([
      { from: '/index.html', to: '/' },
      { from: '/how-to', to: '/support' },
      { from: '*', to: '/404' },
    ]);
  });

  it('gives each screen one title and one description, distinct from other screens', () => {
    const byScreen = new Map<string, string>();
    for (const entry of ROUTE_TABLE) {
      const id = screenIdOf(entry);
      const seen = byScreen.get(id);
      if (seen) expect(entry.title).toBe(seen);
      byScreen.set(id, entry.title);
      expect(entry.description.length).toBeGreaterThan(10);
    }
    const titles = [...byScreen.values()];
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('names route parameters and fills them in', () => {
    expect(paramNamesOf('/media/upload/$entryId/progress')).toEqual(['entryId']);
    expect(samplePathOf('/media/upload/$entryId/progress', (name) => `x-${name}`)).toBe(
      '/media/upload/x-entryId/progress',
    );
  });
});
