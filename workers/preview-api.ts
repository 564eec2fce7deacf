// The live preview, as the preview worker exposes it over comlink. The page hands over canvases
// (transferControlToOffscreen), analyses (WFA1 bytes) and scene settings; then, every animation
// frame, the time to show. The worker draws with core's prepareScene/drawFrame, the very code the
// server renders with, at a backing size smaller than the output, scaled so the layout matches
// (a 4K output is prepared at its 1080p layout: the same picture).
//
// Preparing a scene (blurred layers and the like) is the costly part: it runs again only when the
// template, the output size, the images or the analysis change. New colours or text redraw at
// once with the layers already made, and the layers are then made again a little later in case
// the template tints them.
import { decodeAnalysis, type Analysis } from '../core/audio-analysis/analysis-format';
import type { Canvas2D, RenderHost, RenderImage } from '../core/render/canvas-2d';
import {
  drawFrame,
  needsRewind,
  prepareSceneAsync,
  rewindScene,
  type PreparedScene,
} from '../core/render/renderer';
import {
  atLayoutSize,
  type ImageSlot,
  type SceneImages,
  type SceneSettings,
} from '../core/render/scene';
import { demoArtwork } from './demo-artwork';
import { createBrowserHost, loadBrowserImage, loadRenderFonts } from './render/browser-host';
import { scaledContext } from './scaled-context';

/** An image for a slot: a URL or Blob with a key naming it, or the built-in demo artwork. */
export type PreviewImageSource = { key: string; source: string | Blob } | 'demo';

export interface PreviewSceneInput {
  settings: SceneSettings;
  /** Key of an analysis given with putAnalysis; null draws silence. */
  analysisKey: string | null;
  images: Partial<Record<ImageSlot, PreviewImageSource | null>>;
}

export interface BackingSize {
  width: number;
  height: number;
}

/** User-timing measure of each preview frame drawn: its duration, detail the frame's time (s). */
export const PREVIEW_DRAW_MEASURE = 'waveframe:preview-draw';

/**
 * Longest a particle scene simulates for one drawing. A scene that cannot keep up (thousands of
 * linked particles on a slow device) then shows every frame a little behind the sound instead of
 * freezing the worker while it catches up; a seek ahead plays the way there quickly.
 */
const CATCH_UP_BUDGET_MS = 40;

/** Wait after the last colour or text change before making the layers again. */
const REPREPARE_DELAY_MS = 300;

interface View {
  canvas: OffscreenCanvas;
  context: { ctx: Canvas2D; setScale(scale: number): void };
  backing: BackingSize;
  input: PreviewSceneInput | null;
  prepared: PreparedScene | null;
  /** What the prepared layers were made from; a change of it prepares again. */
  preparedKey: string;
  /** Bumped by every setScene, so a slow image load of an older one is dropped. */
  version: number;
  t: number;
  dirty: boolean;
  reprepareTimer: ReturnType<typeof setTimeout> | null;
  /** A particle scene is being started again from its first frame (a seek back). */
  rewinding: boolean;
}

function imagesKey(images: PreviewSceneInput['images']): string {
  return Object.entries(images)
    .map(([slot, image]) => `${slot}=${image === 'demo' ? 'demo' : (image?.key ?? '')}`)
    .sort()
    .join('&');
}

/** What a particle stage is made from: a change of it starts the simulation again. */
function particlesKey(settings: SceneSettings): string {
  const design = settings.particles;
  return design ? JSON.stringify([design.options, design.audio, settings.fps]) : '';
}

function layoutKey(input: PreviewSceneInput): string {
  const { kind, template, width, height, seed } = input.settings;
  return [
    kind,
    template,
    width,
    height,
    seed,
    input.analysisKey,
    imagesKey(input.images),
    particlesKey(input.settings),
  ].join('|');
}

export function createPreviewApi(host: RenderHost = createBrowserHost()) {
  const views = new Map<string, View>();
  const analyses = new Map<string, Analysis>();
  const images = new Map<string, Promise<RenderImage>>();
  let demo: Required<SceneImages> | null = null;
  let fonts: Promise<void> | null = null;
  let flushScheduled = false;

  function loadImage(source: PreviewImageSource, slot: ImageSlot): Promise<RenderImage> {
    if (source === 'demo') {
      demo ??= demoArtwork(host);
      return Promise.resolve(demo[slot]);
    }
    let loading = images.get(source.key);
    if (!loading) {
      loading = loadBrowserImage(source.source);
      loading.catch(() => images.delete(source.key));
      images.set(source.key, loading);
    }
    return loading;
  }

  /** A particle scene asked for a time before its last frame: start it again, then draw. */
  function rewind(view: View, prepared: PreparedScene): void {
    view.rewinding = true;
    const version = view.version;
    void rewindScene(host, prepared).then((fresh) => {
      view.rewinding = false;
      if (view.version !== version || view.prepared !== prepared) return;
      view.prepared = fresh;
      view.dirty = true;
      scheduleFlush();
    });
  }

  /**
   * The time to draw: view.t, or for a particle scene too far behind it, as far as the budget
   * takes the simulation (and the view stays dirty to go on from there).
   */
  function catchUp(view: View, start: number): number {
    const stage = view.prepared?.scene.particles;
    if (!stage) return view.t;
    const fps = view.prepared!.scene.settings.fps;
    const target = Math.round(view.t * fps);
    while (stage.frame < target && performance.now() - start < CATCH_UP_BUDGET_MS) {
      stage.advanceTo((stage.frame + 1) / fps);
    }
    if (stage.frame >= target) return view.t;
    view.dirty = true;
    scheduleFlush();
    return stage.frame / fps;
  }

  function render(view: View): void {
    view.dirty = false;
    if (!view.prepared || view.rewinding) return;
    if (needsRewind(view.prepared, view.t)) {
      rewind(view, view.prepared);
      return;
    }
    const start = performance.now();
    const t = catchUp(view, start);
    drawFrame(view.context.ctx, view.prepared, t);
    // One user-timing measure per frame drawn (seen in DevTools; bench/preview.bench.ts counts
    // them with a PerformanceObserver), cleared at once so the timeline buffer does not grow.
    performance.measure(PREVIEW_DRAW_MEASURE, { start, detail: view.t });
    performance.clearMeasures(PREVIEW_DRAW_MEASURE);
  }

  function flush(): void {
    flushScheduled = false;
    for (const view of views.values()) if (view.dirty) render(view);
  }

  /** Draws dirty views soon; many time updates arriving meanwhile make one drawing. */
  function scheduleFlush(): void {
    if (flushScheduled) return;
    flushScheduled = true;
    setTimeout(flush, 0);
  }

  function applyBacking(view: View): void {
    const { width, height } = view.backing;
    if (view.canvas.width !== width) view.canvas.width = width;
    if (view.canvas.height !== height) view.canvas.height = height;
    const output = view.input?.settings.width ?? width;
    // Resizing a canvas resets its context's state: the scale is set again on every frame anyway.
    view.context.setScale(width / output);
  }

  async function prepare(view: View, input: PreviewSceneInput, version: number): Promise<void> {
    const slots = Object.entries(input.images) as [ImageSlot, PreviewImageSource | null][];
    const loaded: SceneImages = {};
    await Promise.all(
      slots.map(async ([slot, source]) => {
        if (!source) return;
        try {
          loaded[slot] = await loadImage(source, slot);
        } catch {
          // An image that cannot be loaded is left out, as the renderer draws a missing slot.
        }
      }),
    );
    if (view.version !== version) return;
    const analysis = input.analysisKey ? (analyses.get(input.analysisKey) ?? null) : null;
    // A particle scene starts a new simulation, which ends the one drawn so far: stop drawing it.
    if (input.settings.kind === 'particles') view.prepared = null;
    const prepared = await prepareSceneAsync(host, {
      settings: input.settings,
      images: loaded,
      analysis,
    });
    if (view.version !== version) {
      prepared.scene.particles?.destroy();
      return;
    }
    view.prepared = prepared;
    view.preparedKey = layoutKey(input);
    applyBacking(view);
    view.dirty = true;
    scheduleFlush();
  }

  return {
    /** Loads the render fonts (from where public/fonts is served); call once before drawing. */
    init(fontsBase = '/fonts/'): Promise<void> {
      fonts ??= loadRenderFonts(fontsBase);
      return fonts;
    },

    /** Keeps an analysis (WFA1 bytes) under a key for scenes to use. Throws if it is not WFA1. */
    putAnalysis(key: string, bytes: Uint8Array): { durationSeconds: number } {
      const analysis = decodeAnalysis(bytes);
      analyses.set(key, analysis);
      return { durationSeconds: analysis.summary.durationSeconds };
    },

    dropAnalysis(key: string): void {
      analyses.delete(key);
    },

    /** Takes over a canvas for a view; it is blank until setScene. */
    attach(id: string, canvas: OffscreenCanvas, backing: BackingSize): void {
      const context = canvas.getContext('2d');
      if (!context) throw new Error('This browser cannot draw on an OffscreenCanvas');
      views.set(id, {
        canvas,
        context: scaledContext(context as unknown as Canvas2D, 1),
        backing,
        input: null,
        prepared: null,
        preparedKey: '',
        version: 0,
        t: 0,
        dirty: false,
        reprepareTimer: null,
        rewinding: false,
      });
    },

    /** A new backing size for a view (the preview was resized); redraws. */
    resize(id: string, backing: BackingSize): void {
      const view = views.get(id);
      if (!view) return;
      view.backing = backing;
      applyBacking(view);
      view.dirty = true;
      scheduleFlush();
    },

    /**
     * Shows a scene in a view. Resolves once it is drawn with its images (or at once when only
     * colours or text changed).
     */
    async setScene(id: string, asked: PreviewSceneInput): Promise<void> {
      const view = views.get(id);
      if (!view) return;
      // A 4K output is previewed as its 1080p layout: the same picture, a quarter of the pixels
      // to prepare, and the backing (screen size) is smaller than either.
      const input = { ...asked, settings: atLayoutSize(asked.settings) };
      await fonts;
      const version = ++view.version;
      view.input = input;
      if (view.reprepareTimer) clearTimeout(view.reprepareTimer);
      view.reprepareTimer = null;
      if (view.prepared && view.preparedKey === layoutKey(input)) {
        // Same layout: draw the new colours and text now with the layers already made...
        view.prepared = {
          ...view.prepared,
          scene: { ...view.prepared.scene, settings: input.settings },
        };
        view.dirty = true;
        scheduleFlush();
        // ...and make the layers again once the user pauses, in case they use the colours (a
        // particle scene's layers do not, and making them again would restart its simulation).
        if (input.settings.kind === 'particles') return;
        view.reprepareTimer = setTimeout(() => {
          view.reprepareTimer = null;
          if (view.version === version) void prepare(view, input, version);
        }, REPREPARE_DELAY_MS);
        return;
      }
      await prepare(view, input, version);
    },

    /** Shows the frame at t seconds in a view (drawn soon; later calls win). */
    draw(id: string, t: number): void {
      const view = views.get(id);
      if (!view) return;
      view.t = t;
      view.dirty = true;
      scheduleFlush();
    },

    /** Shows the frame at t in several views (the gallery's visible cards). */
    drawMany(ids: string[], t: number): void {
      for (const id of ids) {
        const view = views.get(id);
        if (!view) continue;
        view.t = t;
        view.dirty = true;
      }
      scheduleFlush();
    },

    /** Milliseconds one frame of a view takes to draw now (for measuring). */
    timeFrame(id: string, t: number): number {
      const view = views.get(id);
      if (!view?.prepared) return 0;
      view.t = t;
      const start = performance.now();
      render(view);
      return performance.now() - start;
    },

    detach(id: string): void {
      const view = views.get(id);
      if (view?.reprepareTimer) clearTimeout(view.reprepareTimer);
      views.delete(id);
    },
  };
}

export type PreviewApi = ReturnType<typeof createPreviewApi>;
