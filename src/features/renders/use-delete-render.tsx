import { useState } from 'react';
import { toast } from '../../ui/toast';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { OFFLINE_ACTION } from '../../lib/offline-messages';
import { browserNetwork } from '../../lib/network';
import { RENDER_APIS, RENDER_TEXT, renderName, type CachedRenderRow } from './render-kinds';
import { renderServices } from './render-sync';

/** Delete with a confirmation: the dialog, and a function that opens it for a render. */
export function useDeleteRender(onDeleted?: (row: CachedRenderRow) => void) {
  const [target, setTarget] = useState<CachedRenderRow | null>(null);

  async function confirm(): Promise<boolean> {
    if (!target) return true;
    const text = RENDER_TEXT[target.kind];
    if (!browserNetwork.isOnline()) {
      toast.error(OFFLINE_ACTION);
      return false;
    }
    try {
      await RENDER_APIS[target.kind].remove(target.upload_uuid);
    } catch {
      toast.error(text.deleteFailedMessage);
      return false;
    }
    await renderServices()
      .cache.remove(target.kind, [target.upload_uuid])
      .catch(() => undefined);
    toast.success(text.deletedMessage);
    onDeleted?.(target);
    return true;
  }

  const noun = target ? RENDER_TEXT[target.kind].noun.toLowerCase() : 'video';
  const dialog = (
    <ConfirmDeleteDialog
      opened={target !== null}
      title={`Delete this ${noun}?`}
      confirmLabel="Delete video"
      onConfirm={confirm}
      onClose={() => setTarget(null)}
    >
      {target && (
        <>
          <strong>{renderName(target.info)}</strong> will be removed for good, with its video file.
          {target.phase === 'rendering'
            ? ' Its render stops now and the credit it used is returned.'
            : ' This cannot be undone.'}
        </>
      )}
    </ConfirmDeleteDialog>
  );

  return { ask: (row: CachedRenderRow) => setTarget(row), dialog };
}
