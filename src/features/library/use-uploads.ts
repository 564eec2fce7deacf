import { useCallback, useMemo } from 'react';
import type { ImageType } from '../../../core/media/media-limits';
import type { UploadKind, UploadRow } from '../../db/media-tables';
import { toast } from '../../ui/toast';
import { useUploadQueue } from '../uploads';
import { browserNetwork } from '../../lib/network';
import { useLibraryServices } from './library-services';

export const QUEUE_MESSAGES = {
  storageRefused:
    'These files could not be queued: this browser does not let Waveframe store them.',
  queuedOffline: 'You are offline: the upload starts on its own once you are back online.',
} as const;

/** The upload queue (of one kind, or all) and what the user can do with it. */
export function useUploads(kind?: UploadKind) {
  const { addFiles, uploads } = useLibraryServices();
  const { value } = useUploadQueue();
  const rows = useMemo(
    () => (value ?? []).filter((row) => !kind || row.kind === kind),
    [value, kind],
  );

  const add = useCallback(
    (files: readonly File[], fileKind: UploadKind, imageType?: ImageType) => {
      if (!browserNetwork.isOnline()) toast.info(QUEUE_MESSAGES.queuedOffline);
      addFiles(files, fileKind, imageType).catch(() => toast.error(QUEUE_MESSAGES.storageRefused));
    },
    [addFiles],
  );

  return {
    rows,
    add,
    cancel: (row: UploadRow) => void uploads.cancel(row.id).catch(() => undefined),
    retry: (row: UploadRow) => void uploads.retry(row.id).catch(() => undefined),
    dismiss: (row: UploadRow) => void uploads.dismiss(row.id).catch(() => undefined),
  };
}
