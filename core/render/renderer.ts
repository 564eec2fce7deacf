// The renderer: one entry point for the browser preview, the server render and the command line.

import type { Canvas2D, RenderHost } from './canvas-2d';
import { featuresAt } from './features';
import {
  ASPECTS,
  COLOR_FIELDS,
  type Aspect,
  type RenderKind,
  type Scene,
  type SceneSettings,
} from './scene';
import type { Template, TemplateInfo } from './template';
import { TEMPLATES } from './templates';

export interface PreparedScene {
  scene: Scene;
  template: Template;
  layers: unknown;
}

export function findTemplate(kind: RenderKind, name: string): Template | undefined {
  return TEMPLATES.find((t) => t.kind === kind && t.name === name);
}

/** Descriptions of the templates (of one kind, or all), in gallery order. */
export function listTemplates(kind?: RenderKind): TemplateInfo[] {
  return TEMPLATES.filter((t) => !kind || t.kind === kind).map((t) => ({
    kind: t.kind,
    name: t.name,
    title: t.title,
    description: t.description,
    colorFields: t.colorFields,
    imageSlots: t.imageSlots,
    textFields: t.textFields,
    defaultColors: t.defaultColors,
    aspects: t.aspects,
  }));
}

/** Settings of a template with its defaults, at its first aspect (or the one given). */
export function defaultSettings(template: TemplateInfo, aspect?: Aspect): SceneSettings {
  const size = ASPECTS[aspect ?? template.aspects[0]!];
  return {
    kind: template.kind,
    template: template.name,
    width: size.width,
    height: size.height,
    fps: 30,
    colors: { ...template.defaultColors },
    title: '',
    artist: '',
    seed: 1,
  };
}

/** Checks settings from outside (a request, a command line); the reason names what is wrong. */
export function checkSettings(
  settings: SceneSettings,
): { ok: true; template: Template } | { ok: false; reason: string } {
  const template = findTemplate(settings.kind, settings.template);
  if (!template)
    return { ok: false, reason: `Unknown ${settings.kind} template "${settings.template}"` };
  const aspect = template.aspects.find(
    (a) => ASPECTS[a].width === settings.width && ASPECTS[a].height === settings.height,
  );
  if (!aspect) {
    const offered = template.aspects.map((a) => `${ASPECTS[a].width}x${ASPECTS[a].height}`);
    return {
      ok: false,
      reason: `Size ${settings.width}x${settings.height} is not offered (${offered.join(', ')})`,
    };
  }
  if (settings.fps !== 30 && settings.fps !== 60) {
    return { ok: false, reason: `Frame rate ${settings.fps} is not offered (30 or 60)` };
  }
  for (const field of COLOR_FIELDS) {
    if (!/^#[0-9a-f]{6}$/i.test(settings.colors[field] ?? '')) {
      return { ok: false, reason: `Colour ${field} must be #rrggbb` };
    }
  }
  return { ok: true, template };
}

/** Draws the template's expensive layers once; reuse the result for every frame of the scene. */
export function prepareScene(host: RenderHost, scene: Scene): PreparedScene {
  const template = findTemplate(scene.settings.kind, scene.settings.template);
  if (!template) {
    throw new Error(`Unknown ${scene.settings.kind} template "${scene.settings.template}"`);
  }
  return { scene, template, layers: template.prepare(host, scene) };
}

/** Draws the frame at time t (seconds) onto ctx, whose canvas has the scene's size. Pure in t. */
export function drawFrame(ctx: Canvas2D, prepared: PreparedScene, t: number): void {
  const { scene, template, layers } = prepared;
  const { width, height } = scene.settings;
  ctx.save();
  ctx.resetTransform();
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.filter = 'none';
  ctx.shadowBlur = 0;
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, width, height);
  template.draw(ctx, {
    scene,
    layers,
    t,
    features: featuresAt(scene.analysis, t),
    width,
    height,
  });
  ctx.restore();
}
