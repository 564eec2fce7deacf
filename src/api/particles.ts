// The particle-system calls (spec 7: /api/elements), one function each, with the shapes of
// core/render/api-types.ts. Errors are ApiError: 402 NoCreditsRemaining, 400 InvalidData (the
// design's problem named), 404 AudioNotFound / ImageNotFound / NotFound, 409 AudioNotReady.
import type {
  ParticleRender,
  ParticleRenderRequest,
  ParticleTaskProgress,
  RenderTasksStatusResponse,
  UserParticleRendersResponse,
} from '../../core/render/api-types';
import { api, type RequestOptions } from './client';

export type {
  ParticleRender,
  ParticleRenderRequest,
  ParticleTaskProgress,
} from '../../core/render/api-types';

export const PARTICLES_API = '/api/elements';

type CallOptions = Pick<RequestOptions, 'signal'>;

/** Charges one visualizer credit and queues the render of the design with the track. */
export async function initParticleRender(request: ParticleRenderRequest): Promise<ParticleRender> {
  return (
    await api.post<{ task: ParticleRender }>(
      `${PARTICLES_API}/init-particle-system-render`,
      request,
    )
  ).task;
}

/** The user's particle renders, newest first. */
export async function fetchParticleRenders(options?: CallOptions): Promise<ParticleRender[]> {
  return (
    await api.get<UserParticleRendersResponse>(
      `${PARTICLES_API}/get-particle-system-renders`,
      options,
    )
  ).renders;
}

/** Progress of particle renders; status 'NotFound' for unknown ids. */
export async function fetchParticleStatuses(
  tasks: string[],
  options?: CallOptions,
): Promise<ParticleTaskProgress[]> {
  return (
    await api.post<RenderTasksStatusResponse<ParticleTaskProgress>>(
      `${PARTICLES_API}/particle-systems-task-status`,
      { tasks },
      options,
    )
  ).tasks;
}

/** Stops a running render and removes its files. */
export function deleteParticleRender(taskUuid: string): Promise<unknown> {
  return api.delete(`${PARTICLES_API}/particle-system-render-delete`, { task_uuid: taskUuid });
}
