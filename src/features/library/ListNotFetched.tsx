import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useOnline } from '../../lib/network';
import { LIBRARY_NOT_SAVED } from './library-messages';
import { useLibraryCanLoad } from './library-queries';

/**
 * In place of a list this device has not fetched yet (just signed in): its skeleton while the
 * list is on its way, else why it cannot show, never an empty list the server did not send.
 */
export function ListNotFetched({ skeleton }: { skeleton: ReactNode }) {
  const online = useOnline();
  const canLoad = useLibraryCanLoad();
  if (canLoad) return skeleton;
  return (
    <Text c="dimmed" data-testid="library-not-saved">
      {online ? LIBRARY_NOT_SAVED.failed : LIBRARY_NOT_SAVED.offline}
    </Text>
  );
}
