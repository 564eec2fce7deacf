// /lyrics-editor: the way into the lyrics editor from the navigation. Lyrics belong to a track,
// so this screen is the choice of the track: each processed track of the library opens its
// Lyrics page (/media/audio/$audioId/lyrics); the others say why they cannot yet.
import { Avatar, Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconMicrophone2, IconMusic, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { LibraryAudio } from '../../api/media';
import { formatLength, trackTitle } from '../../lib/format';
import {
  artworkSource,
  LibraryLayout,
  useLibraryAudios,
  useLibraryImages,
  useReadyImages,
} from '../library';

/** Why a track cannot be opened yet; null when it can. */
export function notReadyText(audio: Pick<LibraryAudio, 'core_processing_status'>): string | null {
  if (audio.core_processing_status === 'COMPLETE') return null;
  if (audio.core_processing_status === 'FAILED') return 'Could not be processed';
  return 'Still processing: ready in a moment';
}

function LyricsTrackRow({ audio, artwork }: { audio: LibraryAudio; artwork: string | null }) {
  const title = trackTitle(audio);
  const notReady = notReadyText(audio);
  const lyricsButton = {
    variant: 'light',
    leftSection: <IconMicrophone2 size={16} aria-hidden />,
    'aria-label': `Lyrics of ${title}`,
    style: { flexShrink: 0 },
  } as const;
  const details = [audio.artists, formatLength(audio.duration_seconds)].filter(Boolean).join(' · ');
  return (
    <Paper withBorder radius="lg" p="sm" data-testid="lyrics-track" data-title={title}>
      <Group wrap="nowrap" gap="sm">
        <Avatar src={artwork} radius="md" size={48} alt="">
          <IconMusic size={22} stroke={1.6} aria-hidden />
        </Avatar>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate="end">
            {title}
          </Text>
          <Text size="sm" c={notReady ? 'orange' : 'dimmed'} truncate="end">
            {notReady ?? details}
          </Text>
        </Stack>
        {notReady === null ? (
          <Button component={Link} to={`/media/audio/${audio.audio_uuid}/lyrics`} {...lyricsButton}>
            Lyrics
          </Button>
        ) : (
          <Button disabled {...lyricsButton}>
            Lyrics
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export function LyricsTracksScreen({ title, description }: { title: string; description: string }) {
  const { value: audios } = useLibraryAudios();
  const readyImages = useReadyImages(useLibraryImages().value);
  return (
    <LibraryLayout title={title} description={description}>
      {audios === undefined ? (
        <Stack gap="sm" aria-busy>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} radius="lg" h={70} />
          ))}
        </Stack>
      ) : audios.length === 0 ? (
        <EmptyState
          py={48}
          variant="light"
          icon={<IconMusic size={28} />}
          title="No tracks yet"
          description="Lyrics are timed on a track of your library. Upload the song first, then come back to paste its lyrics and tap along."
        >
          <Button
            component={Link}
            to="/media/audio"
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            Upload a track
          </Button>
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Choose the track whose lyrics you want to paste and time.
          </Text>
          {audios.map((audio) => (
            <LyricsTrackRow
              key={audio.audio_uuid}
              audio={audio}
              artwork={artworkSource(audio, readyImages)}
            />
          ))}
        </Stack>
      )}
    </LibraryLayout>
  );
}
