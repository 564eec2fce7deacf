import type { ReactNode } from 'react';
import { useLibraryServices } from './library-services';
import { useLibraryFetchedAt, useSyncStatus } from './library-queries';
import { OFFLINE_NOTICE, REFRESH_FAILED } from './library-messages';
import { MediaFrame } from '../../ui/MediaFrame';
import { useOnline } from '../../lib/network';

/** The frame of every library screen: title, links, and whether the data is live or saved. */
export function LibraryLayout({
  title,
  description,
  eyebrow,
  children,
}: {
  title: string;
  description: ReactNode;
  eyebrow?: ReactNode;
  children: ReactNode;
}) {
  const { sync } = useLibraryServices();
  const online = useOnline();
  const status = useSyncStatus();
  const savedAt = useLibraryFetchedAt();
  return (
    <MediaFrame
      title={title}
      description={description}
      eyebrow={eyebrow}
      online={online}
      failed={status.images.failed || status.audios.failed}
      refreshing={status.images.refreshing || status.audios.refreshing}
      onRetry={() => {
        void sync.refresh('images', { force: true });
        void sync.refresh('audios', { force: true });
      }}
      offlineNotice={OFFLINE_NOTICE}
      savedAt={savedAt}
      refreshFailed={REFRESH_FAILED}
    >
      {children}
    </MediaFrame>
  );
}
