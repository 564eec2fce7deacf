import type { ReactNode } from 'react';
import { MediaFrame } from '../../ui/MediaFrame';
import { useOnline } from '../../lib/network';
import type { RenderKind } from './render-kinds';
import { RENDER_MESSAGES } from './render-messages';
import { useRenderFetchedAt, useRenderSync, useRenderSyncStatus } from './render-queries';

/** The frame of the video lists: title, My Media's links, and whether the list is live or saved. */
export function RendersLayout({
  title,
  description,
  kind,
  actions,
  children,
}: {
  title: string;
  description: ReactNode;
  kind: RenderKind;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const online = useOnline();
  const { sync } = useRenderSync();
  const status = useRenderSyncStatus()[kind];
  const savedAt = useRenderFetchedAt(kind);
  return (
    <MediaFrame
      title={title}
      description={description}
      actions={actions}
      online={online}
      failed={status.failed}
      refreshing={status.refreshing}
      onRetry={() => void sync.refresh(kind, { force: true })}
      offlineNotice={RENDER_MESSAGES.offlineNotice}
      savedAt={savedAt}
      refreshFailed={RENDER_MESSAGES.refreshFailed}
    >
      {children}
    </MediaFrame>
  );
}
