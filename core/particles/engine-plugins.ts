// The tsParticles engine, loaded with exactly the plugins a design may use (design.ts names the
// shapes), once per realm: the browser's editor worker and the server's frame thread load the
// same list, so the same options draw the same particles.

import { loadBasic } from '@tsparticles/basic';
import { tsParticles, type Engine } from '@tsparticles/engine';
import { loadParticlesLinksInteraction } from '@tsparticles/interaction-particles-links';
import { loadEmittersPlugin } from '@tsparticles/plugin-emitters';
import { loadInteractivityPlugin } from '@tsparticles/plugin-interactivity';
import { loadPolygonShape } from '@tsparticles/shape-polygon';
import { loadSquareShape } from '@tsparticles/shape-square';
import { loadStarShape } from '@tsparticles/shape-star';
import { loadLifeUpdater } from '@tsparticles/updater-life';
import { loadRotateUpdater } from '@tsparticles/updater-rotate';
import { loadTiltUpdater } from '@tsparticles/updater-tilt';
import { loadTwinkleUpdater } from '@tsparticles/updater-twinkle';
import { loadWobbleUpdater } from '@tsparticles/updater-wobble';

let loaded: Promise<Engine> | null = null;

/** The twinkle updaters the engine made (the package does not export its class). */
const twinkleUpdaters = new WeakSet<object>();

/** Whether an updater is tsParticles' twinkle (plain-shapes.ts skips its work when it can). */
export const isTwinkleUpdater = (updater: object): boolean => twinkleUpdaters.has(updater);

/** Wraps the twinkle updater's maker, registered by loadTwinkleUpdater, to note what it makes. */
async function markTwinkleUpdaters(engine: Engine): Promise<void> {
  await engine.pluginManager.register((loaded) => {
    const manager = loaded.pluginManager;
    const make = manager.initializers.updaters.get('twinkle');
    if (!make) return;
    manager.addParticleUpdater('twinkle', async (container) => {
      const updater = await make(container);
      twinkleUpdaters.add(updater);
      return updater;
    });
  });
}

/**
 * What tsParticles reads of a page that a worker or Node lacks: `document` (visibility events)
 * and `HTMLElement` (an instanceof check of the interactivity plugin). Installed only where
 * missing; a page's own are never replaced. The canvas itself must be an OffscreenCanvas (the
 * server makes its canvas class that: server/render/particle-host.ts).
 */
function installStandIns(): void {
  const global = globalThis as Record<string, unknown>;
  global.document ??= {
    hidden: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  global.HTMLElement ??= class HTMLElement {};
}

/** The engine with our plugins, loaded once. */
export function particleEngine(): Promise<Engine> {
  loaded ??= (async () => {
    installStandIns();
    const engine = tsParticles;
    await loadBasic(engine);
    await Promise.all([
      loadSquareShape(engine),
      loadStarShape(engine),
      loadPolygonShape(engine),
      loadRotateUpdater(engine),
      loadLifeUpdater(engine),
      // The updaters of designs made on tsParticles' own site that we draw as they do.
      loadWobbleUpdater(engine),
      loadTiltUpdater(engine),
      loadTwinkleUpdater(engine),
    ]);
    await markTwinkleUpdaters(engine);
    await loadInteractivityPlugin(engine);
    await loadParticlesLinksInteraction(engine);
    await loadEmittersPlugin(engine);
    return engine;
  })();
  return loaded;
}
