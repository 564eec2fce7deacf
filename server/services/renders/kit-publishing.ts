// Publishing a release kit: the full video to YouTube with the kit's titled thumbnail, and the
// vertical hook as a YouTube Short. Each is one ordinary upload of the publishing queue.

import { z } from 'zod';
import type { UploadEntry } from '../../../core/publishing/api-types';
import {
  PRIVACY_LEVELS,
  TITLE_MAX_CHARS,
  type UploadConfig,
} from '../../../core/publishing/upload-config';
import type { PublishKitRequest } from '../../../core/render/kit-api-types';
import { AppError } from '../../errors/app-error';
import type { UserRow } from '../../repositories/users.repository';
import { createUpload, getUpload, lyricsChoiceBody } from '../publishing/uploads.service';
import { renderOfPart } from './kit-view';
import { getKit } from './release-kits.service';
import type { RenderContext } from './renders.service';

/** YouTube takes a vertical video of at most this long with #Shorts as a Short (as the issue asks). */
export const SHORT_MAX_SECONDS = 60;
export const SHORTS_TAG = '#Shorts';

export const publishKitBody = z.object({
  channel_id: z.string({ error: 'channel_id is needed' }).min(1).max(100),
  privacy: z.enum(PRIVACY_LEVELS, { error: 'privacy must be private, unlisted or public' }),
  title: z
    .string({ error: 'title is needed' })
    .trim()
    .min(1, { error: 'A title is needed' })
    .max(TITLE_MAX_CHARS),
  description: z.string().max(5000).default(''),
  outputs: z
    .array(z.enum(['full', 'vertical']))
    .min(1, { error: 'Choose the full video, the Short, or both' })
    .default(['full', 'vertical']),
  lyrics: lyricsChoiceBody,
}) satisfies z.ZodType<unknown, PublishKitRequest>;

/** The Short's title: the kit's with #Shorts after it, cut so both fit in YouTube's 100. */
export function shortTitle(title: string): string {
  const room = TITLE_MAX_CHARS - SHORTS_TAG.length - 1;
  return `${title.trim().slice(0, room).trimEnd()} ${SHORTS_TAG}`;
}

export async function publishKit(
  context: RenderContext,
  user: UserRow,
  id: string,
  body: z.infer<typeof publishKitBody>,
): Promise<UploadEntry[]> {
  const { kit, renders } = await getKit(context, user, id);
  const base: Omit<UploadConfig, 'title' | 'thumbnail'> = {
    description: body.description,
    tags: [],
    privacy: body.privacy,
    publish_at: null,
    category_id: '10',
    made_for_kids: false,
    lyrics: body.lyrics,
  };
  const plans = body.outputs.map((output) => {
    const part = kit.parts.find((p) => p.output === output);
    const render = part && renderOfPart(part, renders);
    if (!part || !render)
      throw new AppError(
        404,
        'NotFound',
        `This kit has no ${output === 'full' ? 'full video' : 'vertical hook'}.`,
      );
    if (render.status !== 'COMPLETE')
      throw new AppError(
        409,
        'VideoNotReady',
        'This video is not finished yet. Publish it once it is ready.',
      );
    if (output === 'vertical' && (part.height <= part.width || part.seconds > SHORT_MAX_SECONDS))
      throw new AppError(
        409,
        'NotAShort',
        `A Short is vertical and at most ${SHORT_MAX_SECONDS} seconds long.`,
      );
    const config: UploadConfig =
      output === 'full'
        ? { ...base, title: body.title, thumbnail: { source: 'render' } }
        : // YouTube shows no custom thumbnail on Shorts: it picks a frame.
          { ...base, title: shortTitle(body.title), thumbnail: { source: 'none' } };
    return { render, config };
  });
  const entries: UploadEntry[] = [];
  for (const { render, config } of plans) {
    const { entry_uuid } = await createUpload(context, user, 'visualizers', {
      id: render.id,
      channel_id: body.channel_id,
      upload_config: config,
    });
    entries.push(await getUpload(context, user, entry_uuid));
  }
  return entries;
}
