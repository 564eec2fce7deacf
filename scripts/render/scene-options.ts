// Options that set a scene's settings, shared by the kinds the engine draws (visualizer,
// single-frame, canvas, particles): the pictures, the texts, the --settings JSON, size and rate.

import path from 'node:path';
import {
  COLOR_FIELDS,
  type ColorField,
  type ImageSlot,
  type SceneSettings,
} from '../../core/render/scene';
import type { TemplateInfo } from '../../core/render/template';
import { fail, file, text, type Option, type Size } from './options';

/** What --settings may set. */
export interface SettingsPatch {
  colors: Partial<Record<ColorField, string>>;
  seed?: number;
  title?: string;
  artist?: string;
}

export const sceneOptions = {
  image: () =>
    file(
      'image',
      '<file>',
      "fills the template's album art slot when it has one, else its background slot",
    ),
  logo: () => file('logo', '<file>', "fills the template's logo slot"),
  title: () => text(),
  artist: () => text(),
  settings: (): Option<SettingsPatch> => ({
    placeholder: '<json>',
    help:
      'JSON object: colour fields (e.g. {"bar_fill":"#ff0066"}), "colors", "seed", "title", ' +
      '"artist"',
    parse: parseSettingsJson,
  }),
};

export function parseSettingsJson(json: string): SettingsPatch {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    fail('--settings is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('--settings must be a JSON object');
  }
  const patch: SettingsPatch = { colors: {} };
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (isColorField(key)) {
      patch.colors[key] = String(field);
    } else if (key === 'colors' && typeof field === 'object' && field !== null) {
      for (const [name, colour] of Object.entries(field as Record<string, unknown>)) {
        if (!isColorField(name)) fail(`unknown colour "${name}"`);
        patch.colors[name] = String(colour);
      }
    } else if (key === 'seed' && Number.isInteger(field)) {
      patch.seed = field as number;
    } else if ((key === 'title' || key === 'artist') && typeof field === 'string') {
      patch[key] = field;
    } else {
      fail(`--settings: "${key}" is not a setting this command takes (or has a wrong value)`);
    }
  }
  return patch;
}

function isColorField(name: string): name is ColorField {
  return (COLOR_FIELDS as readonly string[]).includes(name);
}

/** Size, rate, texts, then --settings (which wins over --title and --artist). */
export function applySceneOptions(
  settings: SceneSettings,
  options: {
    size?: Size;
    fps?: number;
    title?: string;
    artist?: string;
    settings?: SettingsPatch;
  },
): void {
  if (options.size) Object.assign(settings, options.size);
  if (options.fps !== undefined) settings.fps = options.fps;
  if (options.title !== undefined) settings.title = options.title;
  if (options.artist !== undefined) settings.artist = options.artist;
  if (options.settings) {
    const { colors, ...rest } = options.settings;
    Object.assign(settings.colors, colors);
    Object.assign(settings, rest);
  }
}

/** The image slots --image and --logo fill, refused where the template has no such slot. */
export function imagePathsFor(
  template: TemplateInfo,
  images: { image?: string; logo?: string },
): Partial<Record<ImageSlot, string>> {
  const imagePaths: Partial<Record<ImageSlot, string>> = {};
  if (images.image !== undefined) {
    const slot = artworkSlot(template);
    if (!slot) fail(`template "${template.name}" shows no album art or background image`);
    imagePaths[slot] = path.resolve(images.image);
  }
  if (images.logo !== undefined) {
    if (!template.imageSlots.includes('logo')) fail(`template "${template.name}" shows no logo`);
    imagePaths.logo = path.resolve(images.logo);
  }
  return imagePaths;
}

function artworkSlot(template: TemplateInfo): ImageSlot | null {
  if (template.imageSlots.includes('album_art')) return 'album_art';
  if (template.imageSlots.includes('background')) return 'background';
  return null;
}
