import { z } from 'zod';
import type { ParticleDesign } from '../../../core/particles/design';
import type { Lyrics } from '../../../core/lyrics/lyrics';
import type { LoopSettings } from '../../../core/render/canvas-loop';
import {
  LYRIC_STYLE_NAMES,
  type LyricStyleName,
  type LyricsSettings,
} from '../../../core/render/lyrics/lyric-style-name';
import { checkSettings, findTemplate } from '../../../core/render/renderer';
import {
  ASPECTS,
  COLOR_FIELDS,
  IMAGE_SLOTS,
  type ColorField,
  type ImageSlot,
  type RenderKind,
  type SceneSettings,
} from '../../../core/render/scene';
import type { TemplateInfo } from '../../../core/render/template';
import { invalidData } from '../../errors/app-error';

const imageId = z.uuid({ error: 'must be an image id' }).nullable().optional();
const colour = z.string().max(20).optional();

/** The configuration of a render as sent (api-types RenderConfiguration); omitted fields default. */
export const configurationSchema = z.object({
  template: z.string({ error: 'a template is needed' }).trim().min(1).max(100),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  fps: z.number().int().optional(),
  title: z.string().trim().max(200).optional(),
  artist: z.string().trim().max(200).optional(),
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  /** Draws the track's timed lyrics in this style (issue 27); none when absent or null. */
  lyrics_style: z
    .enum(LYRIC_STYLE_NAMES, { error: `lyrics_style is one of ${LYRIC_STYLE_NAMES.join(', ')}` })
    .nullable()
    .optional(),
  ...(Object.fromEntries(COLOR_FIELDS.map((field) => [field, colour])) as Record<
    ColorField,
    typeof colour
  >),
  ...(Object.fromEntries(IMAGE_SLOTS.map((slot) => [`${slot}_image_uuid`, imageId])) as Record<
    `${ImageSlot}_image_uuid`,
    typeof imageId
  >),
});
export type ConfigurationInput = z.infer<typeof configurationSchema>;

export const createRenderBody = z.object({
  audio_uuid: z.uuid({ error: 'audio_uuid must be an audio id' }),
  configuration: configurationSchema,
});
export type CreateRenderBody = z.infer<typeof createRenderBody>;

export interface ResolvedConfiguration {
  settings: SceneSettings;
  template: TemplateInfo;
  /** Images by slot, only for the slots the template draws. */
  imageIds: Partial<Record<ImageSlot, string>>;
}

/**
 * Turns a configuration into the engine's SceneSettings: the template's defaults for whatever
 * was left out (size: its first aspect; colours: its defaults), colours lowercased, then core's
 * checkSettings. Throws 400 InvalidData naming what is wrong.
 */
export function resolveConfiguration(
  kind: RenderKind,
  input: ConfigurationInput,
  extras: {
    /** A Canvas's loop, planned from its track (canvas.service.ts). */
    loop?: LoopSettings;
    /** A particle render's design, checked (particles.service.ts). */
    particles?: ParticleDesign;
    /** The track's timed lines, drawn when the configuration names a lyrics style. */
    lyrics?: Lyrics;
  } = {},
): ResolvedConfiguration {
  const { loop, particles } = extras;
  const style = input.lyrics_style ?? null;
  if (style !== null && !extras.lyrics) throw invalidData('Lyrics need the track’s timed lines');
  const template = findTemplate(kind, input.template);
  if (!template) throw invalidData(`Unknown ${kind} template "${input.template}"`);
  const size = ASPECTS[template.aspects[0]!];
  if ((input.width === undefined) !== (input.height === undefined))
    throw invalidData('Give both width and height, or neither');
  const colors = { ...template.defaultColors };
  for (const field of COLOR_FIELDS) {
    const value = input[field];
    if (value !== undefined) colors[field] = value.trim().toLowerCase();
  }
  const settings: SceneSettings = {
    kind,
    template: template.name,
    width: input.width ?? size.width,
    height: input.height ?? size.height,
    // A single-frame video is a still picture: its frame rate is ours to choose.
    fps: kind === 'single-frame' ? 30 : (input.fps ?? 30),
    colors,
    title: input.title ?? '',
    artist: input.artist ?? '',
    seed: input.seed ?? 1,
    ...(loop ? { loop } : {}),
    ...(particles ? { particles } : {}),
    ...(style !== null && extras.lyrics ? { lyrics: lyricsSettings(extras.lyrics, style) } : {}),
  };
  const checked = checkSettings(settings);
  if (!checked.ok) throw invalidData(checked.reason);
  const imageIds: Partial<Record<ImageSlot, string>> = {};
  for (const slot of template.imageSlots) {
    const id = input[`${slot}_image_uuid`];
    if (id) imageIds[slot] = id.toLowerCase();
  }
  return { settings, template, imageIds };
}

/** What a render's settings keep of the track's lyrics: the timed lines, the style, the language. */
function lyricsSettings(lyrics: Lyrics, style: LyricStyleName): LyricsSettings {
  return {
    lines: lyrics.lines,
    style,
    ...(lyrics.language ? { language: lyrics.language } : {}),
  };
}
