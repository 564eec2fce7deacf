// What a track's pages show when the track is neither on the server nor saved on this device.
import { Button, EmptyState, Paper } from '@mantine/core';
import { IconMusicQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export function TrackNotFound({ online }: { online: boolean }) {
  return (
    <Paper withBorder radius="lg" shadow="xs">
      <EmptyState
        py={48}
        px="md"
        icon={<IconMusicQuestion size={28} />}
        title="Track not found"
        description={
          online
            ? 'It may have been deleted, or it belongs to another account.'
            : 'This track is not saved on this device. Open it again once you are back online.'
        }
      >
        <EmptyState.Actions>
          <Button component={Link} to="/media/audio">
            Back to My Audio
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
