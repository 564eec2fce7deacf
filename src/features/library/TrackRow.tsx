import { ActionIcon, Anchor, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconInfoCircle,
  IconPencil,
  IconPhoto,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { LibraryAudio } from '../../api/media';
import { formatFileSize, formatLength, trackTitle } from '../../lib/format';
import { ItemActionsMenu } from './ItemActionsMenu';
import { StatusBadge } from './StatusBadge';
import { TrackArtwork } from './TrackArtwork';

/** One track of the list: artwork, play, names, length, size, status and actions. */
export function TrackRow({
  audio,
  artwork,
  online,
  playing,
  onTogglePlay,
  onEdit,
  onChooseArtwork,
  onDelete,
}: {
  audio: LibraryAudio;
  /** The artwork's thumbnail, once its image is ready. */
  artwork: string | null;
  online: boolean;
  playing: boolean;
  onTogglePlay: (audio: LibraryAudio) => void;
  onEdit: (audio: LibraryAudio) => void;
  onChooseArtwork: (audio: LibraryAudio) => void;
  onDelete: (audio: LibraryAudio) => void;
}) {
  const title = trackTitle(audio);
  const playable = audio.core_processing_status === 'COMPLETE' && audio.playable_path !== null;
  const details = [audio.artists, audio.album].filter(Boolean).join(' · ');

  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      shadow="xs"
      data-testid="track-row"
      data-title={title}
      data-status={audio.core_processing_status}
    >
      <Group wrap="nowrap" gap="sm">
        <TrackArtwork src={artwork} size={56} />
        <Tooltip
          label={!playable ? 'Playable once processed' : online ? '' : 'Playing needs a connection'}
          disabled={playable && online}
        >
          <ActionIcon
            size={40}
            radius="xl"
            variant={playing ? 'filled' : 'light'}
            disabled={!playable || !online}
            aria-label={playing ? `Pause ${title}` : `Play ${title}`}
            onClick={() => onTogglePlay(audio)}
          >
            {playing ? (
              <IconPlayerPauseFilled size={18} aria-hidden />
            ) : (
              <IconPlayerPlayFilled size={18} aria-hidden />
            )}
          </ActionIcon>
        </Tooltip>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`/media/audio/${audio.audio_uuid}`}
            fw={650}
            c="var(--mantine-color-text)"
            truncate="end"
            title={title}
          >
            {title}
          </Anchor>
          <Text size="sm" c="dimmed" truncate="end">
            {details || audio.file_name}
          </Text>
          {audio.core_processing_status === 'FAILED' && (
            <Text size="xs" c="red" lineClamp={2} data-testid="track-error">
              {audio.error ?? 'This track could not be processed.'}
            </Text>
          )}
          <Group gap={8} hiddenFrom="sm">
            <StatusBadge status={audio.core_processing_status} />
            <Text size="xs" c="dimmed">
              {formatLength(audio.duration_seconds)} · {formatFileSize(audio.file_size)}
            </Text>
          </Group>
        </Stack>
        <Group gap="lg" wrap="nowrap" visibleFrom="sm">
          <StatusBadge status={audio.core_processing_status} />
          <Text size="sm" c="dimmed" w={56} ta="right" ff="monospace" data-testid="track-duration">
            {formatLength(audio.duration_seconds)}
          </Text>
          <Text size="sm" c="dimmed" w={64} ta="right" data-testid="track-size">
            {formatFileSize(audio.file_size)}
          </Text>
        </Group>
        <ItemActionsMenu
          name={title}
          online={online}
          actions={[
            { label: 'Open track', icon: IconInfoCircle, to: `/media/audio/${audio.audio_uuid}` },
            { label: 'Edit info', icon: IconPencil, onClick: () => onEdit(audio) },
            { label: 'Choose artwork', icon: IconPhoto, onClick: () => onChooseArtwork(audio) },
            { label: 'Delete', icon: IconTrash, danger: true, onClick: () => onDelete(audio) },
          ]}
        />
      </Group>
    </Paper>
  );
}
