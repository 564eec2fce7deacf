import { useCallback, useMemo } from 'react';
import type { ImageType } from '../../../core/media/media-limits';
import type { UploadKind, UploadRow } from '../../db/media-tables';
import { toast } from '../../ui/toast';
import { browserNetwork } from '../../lib/network';
import { useLiveQuery } from '../../lib/use-live-query';
import { useLibraryServices } from './library-services';
import { readSavedUploads } from './saved-uploads';
import { withLibraryOutcomes } from './upload-outcomes';

export const QUEUE_MESSAGES = {
  storageRefused:
    'These files could not be queued: this browser does not let Waveframe store them.',
  queuedOffline: 'You are offline: the upload starts on its own once you are back online.',
} as const;

const savedUploads = () => readSavedUploads();

/**
 * The upload queue (of one kind, or all) and what the user can do with it. A file the server has
 * finished shows as the library has it, even before the queue's own poll hears of it.
 */
export function useUploads(kind?: UploadKind) {
  const { addFiles, uploads } = useLibraryServices();
  const { value } = useLiveQuery(savedUploads);
  const rows = useMemo(
    () =>
      value
        ? withLibraryOutcomes(value.rows, value.items).filter((row) => !kind || row.kind === kind)
        : [],
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
