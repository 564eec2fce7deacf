import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconMicrophone2,
  IconPencil,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { LibraryAudio } from '../../api/media';
import { useLibraryServices } from './library-services';
import { formatDate, formatFileSize, formatLength, trackTitle } from '../../lib/format';
import { useLibraryAudio, useLibraryImages, useSyncStatus } from './library-queries';
import { LibraryLayout } from './LibraryLayout';
import { useOnline } from '../../lib/network';
import { StatusBadge } from './StatusBadge';
import { artworkSource, TrackArtwork, useReadyImages } from './TrackArtwork';
import { TrackNotFound } from './TrackNotFound';
import { TrackPlayer } from './TrackPlayer';
import { useTrackDialogs } from './use-track-dialogs';
import { Fact } from '../../ui/Fact';

const BACK = (
  <Anchor component={Link} to="/media/audio" size="sm" fw={600}>
    <Group gap={4} component="span">
      <IconArrowLeft size={14} aria-hidden />
      All tracks
    </Group>
  </Anchor>
);

/** The list of the videos made from a track (features/renders gives it, through the route). */
export type TrackVideosSlot = (audioUuid: string) => ReactNode;

function TrackDetail({
  audio,
  online,
  videos,
}: {
  audio: LibraryAudio;
  online: boolean;
  videos?: TrackVideosSlot;
}) {
  const { cache } = useLibraryServices();
  const readyImages = useReadyImages(useLibraryImages().value);
  const navigate = useNavigate();
  const dialogs = useTrackDialogs({
    onDeleted: () => void navigate({ to: '/media/audio' }),
  });
  const status = audio.core_processing_status;
  const byline = [audio.artists, audio.album].filter(Boolean).join(' · ');

  return (
    <LibraryLayout
      title={trackTitle(audio)}
      description={byline || audio.file_name}
      eyebrow={
        <Group gap="sm">
          {BACK}
          <Badge variant="light" radius="sm">
            Audio Track
          </Badge>
        </Group>
      }
    >
      <Grid gap={{ base: 'md', md: 'xl' }}>
        {/* On a phone the player comes first; the artwork follows, smaller. */}
        <Grid.Col span={{ base: 12, sm: 5, md: 4 }} order={{ base: 2, sm: 1 }}>
          <Stack gap="sm" maw={{ base: 260, sm: 'none' }} mx={{ base: 'auto', sm: 0 }} w="100%">
            <AspectRatio ratio={1}>
              <TrackArtwork
                src={artworkSource(audio, readyImages, true)}
                size="100%"
                radius="var(--mantine-radius-lg)"
              />
            </AspectRatio>
            <Button
              variant="default"
              leftSection={<IconPhoto size={16} aria-hidden />}
              disabled={!online}
              onClick={() => dialogs.chooseArtwork(audio)}
            >
              {audio.artwork_image_uuid ? 'Change artwork' : 'Choose artwork'}
            </Button>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, md: 8 }} order={{ base: 1, sm: 2 }}>
          <Stack gap="lg">
            {status === 'COMPLETE' && <TrackPlayer audio={audio} cache={cache} online={online} />}
            {status === 'PROGRESSING' && (
              <Alert color="blue" variant="light" radius="md" icon={<Loader size="sm" />}>
                Processing: reading the tags and cover, analysing the sound and making a playable
                copy. The player appears when it is done.
              </Alert>
            )}
            {status === 'FAILED' && (
              <Alert
                color="red"
                variant="light"
                radius="md"
                title="This track could not be processed"
                icon={<IconAlertTriangle size={20} aria-hidden />}
              >
                {audio.error ?? 'The server could not use this file.'}
              </Alert>
            )}
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
              <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="md">
                <Fact label="Title">{audio.title || '—'}</Fact>
                <Fact label="Artists">{audio.artists || '—'}</Fact>
                <Fact label="Album">{audio.album || '—'}</Fact>
                <Fact label="Length">{formatLength(audio.duration_seconds)}</Fact>
                <Fact label="Size">{formatFileSize(audio.file_size)}</Fact>
                <Fact label="Status">
                  <StatusBadge status={status} />
                </Fact>
                <Fact label="File">{audio.file_name}</Fact>
                <Fact label="Uploaded">{formatDate(audio.created_at)}</Fact>
              </SimpleGrid>
              <Group gap="sm" mt="lg">
                <Button
                  variant="light"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  disabled={!online}
                  onClick={() => dialogs.edit(audio)}
                >
                  Edit info
                </Button>
                {status === 'COMPLETE' && (
                  <Button
                    component={Link}
                    to={`/media/audio/${audio.audio_uuid}/lyrics`}
                    variant="light"
                    leftSection={<IconMicrophone2 size={16} aria-hidden />}
                    data-testid="track-lyrics-link"
                  >
                    Lyrics
                  </Button>
                )}
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  disabled={!online}
                  onClick={() => dialogs.remove(audio)}
                >
                  Delete
                </Button>
              </Group>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>

      {videos?.(audio.audio_uuid)}
      {dialogs.dialogs}
    </LibraryLayout>
  );
}

/** /media/audio/$audioId: one track with its player, waveform, details and videos. */
export function AudioDetailScreen({
  title,
  description,
  videos,
}: {
  title: string;
  description: string;
  videos?: TrackVideosSlot;
}) {
  const { audioId = '' } = useParams({ strict: false }) as { audioId?: string };
  const online = useOnline();
  const { value: audio } = useLibraryAudio(audioId);
  const status = useSyncStatus();
  const stillLooking =
    audio === undefined ||
    (audio === null && (status.audios.refreshing || (!status.audios.fetched && online)));

  if (audio) return <TrackDetail audio={audio} online={online} videos={videos} />;
  return (
    <LibraryLayout title={title} description={description} eyebrow={BACK}>
      {stillLooking ? (
        <Grid gap="xl" aria-busy>
          <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
            <Skeleton radius="lg" h={260} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
            <Skeleton radius="lg" h={180} />
          </Grid.Col>
        </Grid>
      ) : (
        <TrackNotFound online={online} />
      )}
    </LibraryLayout>
  );
}
