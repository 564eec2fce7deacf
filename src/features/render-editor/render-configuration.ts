// The configuration sent to create a render (core/render/api-types RenderConfiguration).
import type { RenderConfiguration } from '../../../core/render/api-types';
import { COLOR_FIELDS, type ImageSlot, type SceneSettings } from '../../../core/render/scene';
import type { TemplateInfo } from '../../../core/render/template';

/** Settings plus the chosen images' ids, for the template's own fields only. */
export function renderConfiguration(
  template: TemplateInfo,
  settings: SceneSettings,
  imageIds: Partial<Record<ImageSlot, string | null>>,
): RenderConfiguration & { seed: number } {
  const configuration = {
    template: template.name,
    width: settings.width,
    height: settings.height,
    fps: settings.fps,
    title: template.textFields.includes('title') ? settings.title.trim() : '',
    artist: template.textFields.includes('artist') ? settings.artist.trim() : '',
    seed: settings.seed,
  } as RenderConfiguration & { seed: number };
  for (const field of COLOR_FIELDS) configuration[field] = settings.colors[field];
  for (const slot of template.imageSlots) {
    configuration[`${slot}_image_uuid`] = imageIds[slot] ?? null;
  }
  return configuration;
}
