import { EmptyState, Paper } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import {
  DOWNLOADS_NEED_CONNECTION,
  NO_PLUGINS_TEXT,
  NO_PLUGINS_TITLE,
  SHOWN_FROM_LAST_VISIT,
} from './plugin-content';
import type { CatalogueState } from './use-plugin-catalogue';
import { OfflineAlert } from '../../ui/OfflineAlert';

/** Why the list below is missing or old: no connection, or a copy from the last visit. */
export function CatalogueNotice({ state }: { state: CatalogueState }) {
  if (!state.unreachable && !state.fromLastVisit) return null;
  return (
    <OfflineAlert data-testid="catalogue-notice">
      {state.unreachable ? DOWNLOADS_NEED_CONNECTION : SHOWN_FROM_LAST_VISIT}
    </OfflineAlert>
  );
}

/** The operator has placed no plugin releases (yet). */
export function NoPlugins() {
  return (
    <Paper withBorder radius="lg" shadow="xs" data-testid="no-plugins">
      <EmptyState
        py={40}
        px="md"
        variant="light"
        icon={<IconPlugConnected size={26} />}
        title={NO_PLUGINS_TITLE}
        description={NO_PLUGINS_TEXT}
      />
    </Paper>
  );
}
