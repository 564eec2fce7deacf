import { Button } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EmptyPanel } from './EmptyPanel';
import { CONNECTED_ACCOUNTS_PATH } from './publishing-paths';

/** What stands in for a page's form while no channel is linked: the way to link one. */
export function ConnectChannelFirst({ description }: { description: string }) {
  return (
    <EmptyPanel
      icon={<IconPlugConnected size={26} />}
      title="Connect a YouTube channel first"
      description={description}
      actions={
        <Button component={Link} to={CONNECTED_ACCOUNTS_PATH} color="red">
          Connect a YouTube channel
        </Button>
      }
    />
  );
}
