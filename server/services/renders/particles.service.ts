// Particle-system renders (spec 7, Particles): the design is checked by core's checkDesign,
// then the render is created as every kind is (one visualizer credit, refunded on failure).

import { z } from 'zod';
import { checkDesign, MAX_DESIGN_BYTES } from '../../../core/particles/design';
import { PARTICLE_TEMPLATE_NAME } from '../../../core/render/templates/particles/particle-system';
import { outputSize, RESOLUTIONS, type Resolution } from '../../../core/render/scene';
import { invalidData } from '../../errors/app-error';
import type { RenderRow } from '../../repositories/renders.repository';
import type { UserRow } from '../../repositories/users.repository';
import { configurationSchema } from './render-config';
import { createRender, type RenderContext } from './renders.service';

export const initParticleRenderBody = z.object({
  audio_uuid: z.uuid({ error: 'audio_uuid must be an audio id' }),
  design: z.unknown(),
  size: z.enum(['16:9', '1:1', '9:16', '4:5'], {
    error: 'size must be 16:9, 1:1, 9:16 or 4:5',
  }),
  /** 1080p when absent; 4K (16:9, 1:1 and 9:16) on paid plans. */
  resolution: z
    .enum(Object.keys(RESOLUTIONS) as [Resolution, ...Resolution[]], {
      error: 'resolution must be 1080p or 4k',
    })
    .optional(),
  fps: z.union([z.literal(30), z.literal(60)], { error: 'fps must be 30 or 60' }),
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  background_image_uuid: z.uuid({ error: 'must be an image id' }).nullable().optional(),
  /** Draws the track's timed lyrics in this style (issue 27), as for visualizers. */
  lyrics_style: configurationSchema.shape.lyrics_style,
});
export type InitParticleRenderBody = z.infer<typeof initParticleRenderBody>;

export const particleTasksBody = z.object({
  tasks: z.array(z.string().max(100)).max(500),
});

export const particleDeleteBody = z.object({
  task_uuid: z.string({ error: 'task_uuid is needed' }).max(100),
});

/**
 * POST init-particle-system-render: the design (400 naming what is wrong, before anything is
 * charged), then the track (404, 409), the picture (404, 409) and the credit (402), queued.
 */
export async function initParticleRender(
  context: RenderContext,
  user: UserRow,
  body: InitParticleRenderBody,
): Promise<RenderRow> {
  if (JSON.stringify(body.design ?? null).length > MAX_DESIGN_BYTES) {
    throw invalidData('The design is larger than 256 KB.');
  }
  const design = checkDesign(body.design);
  if (!design.ok) throw invalidData(design.reason);
  const size = outputSize(body.size, body.resolution ?? '1080p');
  return createRender(
    context,
    user,
    'particles',
    {
      audio_uuid: body.audio_uuid,
      configuration: {
        template: PARTICLE_TEMPLATE_NAME,
        width: size.width,
        height: size.height,
        fps: body.fps,
        seed: body.seed ?? 1,
        background_image_uuid: body.background_image_uuid ?? null,
        lyrics_style: body.lyrics_style ?? null,
      },
    },
    { particles: design.design },
  );
}
