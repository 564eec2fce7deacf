import { EmptyState, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { ACCEPTED_AUDIO, MEDIA_LIMITS } from '../../../core/media/media-limits';
import { UploadButton, UploadDropzone, UploadQueueList } from '../uploads';
import { useUploads } from './use-uploads';
import { useFetchedAudios, useLibraryImages } from './library-queries';
import { ListNotFetched } from './ListNotFetched';
import { LibraryLayout } from './LibraryLayout';
import { useOnline } from '../../lib/network';
import { artworkSource, useReadyImages } from './TrackArtwork';
import { TrackRow } from './TrackRow';
import { useListPlayer } from './use-list-player';
import { useTrackDialogs } from './use-track-dialogs';

const KINDS = [...new Set(ACCEPTED_AUDIO.map((kind) => kind.label))].join(', ');
const AUDIO_HINT = `${KINDS}; up to ${MEDIA_LIMITS.audioMaxBytes / 1024 / 1024} MB and ${
  MEDIA_LIMITS.audioMaxSeconds / 3600
} hours. Big files resume if the connection drops.`;

/** /media/audio: the user's tracks, the upload queue, and each track's actions. */
export function AudioScreen({ title, description }: { title: string; description: string }) {
  const online = useOnline();
  // Null until the list was fetched once (just signed in): no count, no "No tracks yet" before.
  const { value: audios } = useFetchedAudios();
  const readyImages = useReadyImages(useLibraryImages().value);
  const uploads = useUploads('audio');
  const player = useListPlayer();
  const dialogs = useTrackDialogs();
  const addFiles = (files: File[]) => uploads.add(files, 'audio');
  const skeleton = (
    <Stack gap="sm" aria-busy>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} radius="lg" h={76} />
      ))}
    </Stack>
  );

  return (
    <LibraryLayout title={title} description={description}>
      <UploadDropzone kind="audio" onFiles={addFiles} hint={AUDIO_HINT}>
        <UploadButton kind="audio" onFiles={addFiles} />
      </UploadDropzone>

      <UploadQueueList
        rows={uploads.rows}
        online={online}
        onCancel={uploads.cancel}
        onRetry={uploads.retry}
        onDismiss={uploads.dismiss}
      />

      <Title order={2} fz="lg" mb="md">
        Your tracks{' '}
        {audios && (
          <Text span c="dimmed" fz="sm" fw={500} data-testid="audio-count">
            {audios.length}
          </Text>
        )}
      </Title>

      {audios === undefined ? (
        skeleton
      ) : audios === null ? (
        <ListNotFetched skeleton={skeleton} />
      ) : audios.length === 0 ? (
        <EmptyState
          py={48}
          variant="light"
          icon={<IconMusic size={28} />}
          title="No tracks yet"
          description="Upload a song to turn it into videos. Drop it above or pick it with Upload audio; processing reads its tags and cover and analyses the sound."
        />
      ) : (
        <Stack gap="sm">
          {audios.map((audio) => (
            <TrackRow
              key={audio.audio_uuid}
              audio={audio}
              artwork={artworkSource(audio, readyImages)}
              online={online}
              playing={player.playingId === audio.audio_uuid}
              onTogglePlay={player.toggle}
              onEdit={dialogs.edit}
              onChooseArtwork={dialogs.chooseArtwork}
              onDelete={dialogs.remove}
            />
          ))}
        </Stack>
      )}
      {player.audioElement}
      {dialogs.dialogs}
    </LibraryLayout>
  );
}
