// Accessibility in Chromium, driven by the route table so every route of the spec is covered:
// axe-core's WCAG 2.0/2.1 A and AA rules on every public route (signed out) and every signed-in
// screen (one account), and a sample of screens in the dark scheme, failing on serious or critical
// violations; and a visible focus indicator on what Tab reaches on several screens.
//
// Parameters get real ids where that is cheap: the create screens a real template, a release post
// the first one listed; the signed-in screens a track and an image uploaded to the library, and a
// visualizer and a static video queued through the API the create screens use (a 3 s track:
// their progress pages show them queued or rendering, their video pages whatever state they have
// reached).
// Screens whose object would cost a long chain or a heavy render get an unknown id and are checked
// in their own not-found state: loop extensions (a clip trimmed in the browser first), Canvas
// renders (encoded in the browser), YouTube upload progress (a linked channel and an upload) and
// particle renders (the particle pages share the render screens checked with the other two).
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { listTemplates } from '../../core/render/renderer';
import { ROUTE_TABLE, samplePathOf, type RouteEntry } from '../../src/routes/route-table';
import { csrfTokenOf, signUpThroughApi } from './account-helpers';
import { expectNoSeriousViolations, openScreen } from './a11y-helpers';
import { expect, test } from './fixtures';
import { servePaddleJs } from './paddle-js-stand-in';
import { fileInput, fixture, shortTrack, uploadLibraryTrack } from './render-helpers';

/** The library track (shortTrack): the renders queued for the screens stay short. */
const TRACK = { file: '', title: 'intro-3s' };
const RELEASES = '/spotify-canvas-videos/releases';

const templateFor = (path: string): string => {
  const kind = path.startsWith('/single-frame')
    ? 'single-frame'
    : path.startsWith('/spotify-canvas')
      ? 'canvas'
      : 'visualizer';
  return listTemplates(kind)[0]!.name;
};

/** The first release post linked from the list, or an unknown id (its not-found state). */
async function releasePostId(page: Page): Promise<string> {
  await openScreen(page, RELEASES, 'Spotify Canvas Releases');
  const link = page.locator(`main a[href^="${RELEASES}/"]`).first();
  const href = (await link.count()) > 0 ? await link.getAttribute('href') : null;
  return href?.split('/').pop() || 'no-such-release-post';
}

// Signed out to begin with; CSS animations stilled (the app honours reduced motion), which keeps
// axe's colour checks from racing moving pictures and spares the CPU.
test.use({ storageState: { cookies: [], origins: [] }, reducedMotion: 'reduce' });

test.beforeAll(async () => {
  TRACK.file = await shortTrack();
});

interface SignedInObjects {
  audioId: string;
  visualizerId: string;
  staticId: string;
  kitId: string;
  /** The renders queued (the visualizer, the static video, the kit's part), to delete after. */
  renders: Array<{ url: string; id: string }>;
}

/**
 * One track and image in the library, two renders queued from the track and a release kit of
 * one part (3 credits).
 */
async function makeObjects(page: Page): Promise<SignedInObjects> {
  await uploadLibraryTrack(page, TRACK);
  await page.goto('/media/images');
  await fileInput(page, 'Upload images').setInputFiles(fixture('images/symbolic-512.png'));
  const headers = { 'X-CSRFToken': await csrfTokenOf(page) };
  const { audios } = (await (await page.request.get('/api/audio/get-user-audios')).json()) as {
    audios: Array<{ audio_uuid: string }>;
  };
  const audioId = audios[0]!.audio_uuid;
  const create = async (url: string, data: object, key: string) => {
    const answer = await page.request.post(url, { headers, data });
    expect(answer.status(), `${url}: ${await answer.text()}`).toBe(201);
    return (await answer.json())[key] as Record<string, string>;
  };
  const configuration = (template: string) => ({
    template,
    width: 1080,
    height: 1080,
    fps: 30,
  });
  const visualizer = await create(
    '/api/visualizers/create-visualizer',
    { audio_uuid: audioId, configuration: configuration(templateFor('/audio-reactive')) },
    'visualizer',
  );
  const video = await create(
    '/api/music-videos/create-static-video',
    { audio_uuid: audioId, configuration: configuration(templateFor('/single-frame')) },
    'video',
  );
  // A kit of one part (one credit): its page reads the kit, which must exist.
  const kit = await create(
    '/api/release-kits',
    {
      audio_uuid: audioId,
      configuration: { template: templateFor('/audio-reactive') },
      outputs: ['vertical'],
    },
    'kit',
  );
  const kitParts = (kit.parts as unknown as Array<{ render_uuid: string }>).map((part) => ({
    url: '/api/visualizers/delete-visualizer',
    id: part.render_uuid,
  }));
  return {
    audioId,
    visualizerId: visualizer.upload_uuid!,
    staticId: video.upload_uuid!,
    kitId: kit.kit_uuid!,
    renders: [
      { url: '/api/visualizers/delete-visualizer', id: visualizer.upload_uuid! },
      { url: '/api/music-videos/delete-static-video', id: video.upload_uuid! },
      ...kitParts,
    ],
  };
}

/** Which object a signed-in route's parameter stands for (see the top of the file). */
function signedInParam(entry: RouteEntry, objects: SignedInObjects) {
  return (name: string): string => {
    const { path } = entry;
    if (name === 'audioId') return objects.audioId;
    if (name === 'targetId') return objects.visualizerId;
    if (name === 'kitId') return objects.kitId;
    if (path.includes('visualizer')) return objects.visualizerId;
    if (path.includes('single-frame')) return objects.staticId;
    return randomUUID();
  };
}

test('every signed-in screen has no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(360_000);
  // /pricing-paddle loads Paddle.js: the local stand-in answers for it, as in checkout.spec.ts.
  await servePaddleJs(page);
  await signUpThroughApi(page, { tag: 'a11y', password: 'a11y-pass-1', verified: true });
  const objects = await makeObjects(page);
  for (const entry of ROUTE_TABLE.filter((route) => route.protected)) {
    const url = samplePathOf(entry.path, signedInParam(entry, objects));
    await openScreen(page, url, entry.path.includes('$') ? null : entry.title);
    await expectNoSeriousViolations(page, entry.path);
  }
  // Nothing here needs the videos themselves: deleting them stops their renders, which the e2e
  // server would otherwise make, one at a time, ahead of other specs' renders.
  const headers = { 'X-CSRFToken': await csrfTokenOf(page) };
  for (const render of objects.renders) {
    const answer = await page.request.delete(render.url, {
      headers,
      data: { upload_uuid: render.id },
    });
    expect(answer.status(), `${render.url}: ${await answer.text()}`).toBe(200);
  }
});

test('every public route has no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(360_000);
  const postId = await releasePostId(page);
  const fill = (entry: RouteEntry) => (name: string) =>
    name === 'vizName' ? templateFor(entry.path) : name === 'releasePostId' ? postId : randomUUID();
  for (const entry of ROUTE_TABLE.filter((route) => !route.protected)) {
    const url = samplePathOf(entry.path, fill(entry));
    await openScreen(page, url, entry.path.includes('$') ? null : entry.title);
    await expectNoSeriousViolations(page, url);
  }
});

test.describe('in the dark scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('a sample of screens has no serious or critical axe violations', async ({ page }) => {
    test.setTimeout(150_000);
    const sample = ROUTE_TABLE.filter((entry) =>
      [
        '/',
        '/sign-up',
        '/premium',
        '/faq',
        '/support/contact',
        '/tools/color/rgb-color-creator',
        '/audio-reactive-music-visualizers',
        '/audio-reactive-music-visualizers/create/$vizName',
        '/spotify-canvas-videos/releases',
        '/404',
      ].includes(entry.path),
    );
    for (const entry of sample) {
      const url = samplePathOf(entry.path, () => templateFor(entry.path));
      await openScreen(page, url, entry.title);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expectNoSeriousViolations(page, `${url} (dark)`);
    }
  });
});

/**
 * The look of an element and the two next to it that a focus style may paint on (a switch paints
 * its track, a wrapper its border): outline, shadow, border and background.
 */
function focusLookOf(element: Element): string {
  const look = (node: Element | null) => {
    if (!node) return '';
    const style = getComputedStyle(node);
    return [
      style.outlineStyle,
      style.outlineWidth,
      style.outlineColor,
      style.boxShadow,
      style.borderColor,
      style.backgroundColor,
      style.textDecorationLine,
    ].join('|');
  };
  return [look(element), look(element.parentElement), look(element.nextElementSibling)].join('#');
}

/** Tabs through the first `count` stops of the page; answers those with no visible change. */
async function stopsWithoutFocusIndicator(page: Page, count: number): Promise<string[]> {
  const unfocused = await page.evaluate((lookSource) => {
    const lookOf = new Function(`return (${lookSource})`)() as (element: Element) => string;
    const focusable = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    return Array.from(focusable, (element, index) => {
      element.dataset.focusProbe = String(index);
      return lookOf(element);
    });
  }, focusLookOf.toString());
  const missing: string[] = [];
  for (let stop = 0; stop < count; stop++) {
    await page.keyboard.press('Tab');
    // The focus style may fade in (a border transition): up to 30 frames for the look to change.
    const now = await page.evaluate(
      async ({ lookSource, before }) => {
        const lookOf = new Function(`return (${lookSource})`)() as (element: Element) => string;
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const probe = element.dataset.focusProbe;
        if (probe === undefined) return null;
        let changed = false;
        for (let frame = 0; frame < 30 && !changed; frame++) {
          changed = lookOf(element) !== before[Number(probe)];
          if (!changed) await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        const name =
          element.getAttribute('aria-label') ||
          element.textContent?.trim().slice(0, 40) ||
          element.getAttribute('name') ||
          '';
        return { changed, what: `"${name}" ${element.outerHTML.slice(0, 160)}` };
      },
      { lookSource: focusLookOf.toString(), before: unfocused },
    );
    if (now && !now.changed) missing.push(now.what);
  }
  return missing;
}

test('what Tab reaches shows a visible focus indicator', async ({ page }) => {
  test.setTimeout(60_000);
  const missing: string[] = [];
  for (const url of [
    '/',
    '/sign-up',
    '/tools/color/rgb-color-creator',
    `/audio-reactive-music-visualizers/create/${templateFor('/audio-reactive')}`,
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    for (const what of await stopsWithoutFocusIndicator(page, 14)) missing.push(`${url}: ${what}`);
  }
  expect(missing, `focused without a visible change:\n${missing.join('\n')}`).toEqual([]);
});
