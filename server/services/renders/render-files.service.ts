// A user's finished renders as the routes read them: the render itself (owner checked), its
// stored files, and the colours recently used.

import type { RenderKind } from '../../../core/render/scene';
import { AppError } from '../../errors/app-error';
import {
  findUserRender,
  recentSettings,
  renderKeys,
  type RenderRow,
} from '../../repositories/renders.repository';
import type { UserRow } from '../../repositories/users.repository';
import { downloadFileName, recentColors } from './render-view';
import type { RenderContext } from './renders.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's render of that kind, or 404 NotFound (another user's id is no different). */
export async function requireRender(
  context: Pick<RenderContext, 'db'>,
  user: UserRow,
  kind: RenderKind,
  id: unknown,
): Promise<RenderRow> {
  const render =
    typeof id === 'string' && UUID.test(id)
      ? await findUserRender(context.db, user.userUuid, kind, id.toLowerCase())
      : undefined;
  if (!render) throw new AppError(404, 'NotFound', 'No such video.');
  return render;
}

/**
 * The stored key of a finished render's video or thumbnail (404 until it is finished), and for
 * the video the name it downloads under.
 */
export async function renderFile(
  context: Pick<RenderContext, 'db'>,
  user: UserRow,
  kind: RenderKind,
  id: unknown,
  file: 'video' | 'thumbnail',
): Promise<{ key: string; downloadName: string }> {
  const render = await requireRender(context, user, kind, id);
  if (render.status !== 'COMPLETE')
    throw new AppError(404, 'NotFound', 'This video is not finished yet.');
  return {
    key: renderKeys(render.userUuid, render.id)[file],
    downloadName: file === 'video' ? downloadFileName(render) : '',
  };
}

/** The colours of the user's recent renders of that kind (the 100 latest, 20 colours). */
export async function recentRenderColors(
  context: Pick<RenderContext, 'db'>,
  user: UserRow,
  kind: RenderKind,
) {
  const settings = await recentSettings(context.db, user.userUuid, kind, 100);
  return recentColors(settings, 20);
}
