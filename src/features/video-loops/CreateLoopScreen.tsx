// /media/create/video-loop-extensions/{videoId}: how long the loop lasts (minutes and seconds,
// or a library track's length, whose audio is then added), the clip looping in the page as it
// will repeat, and the call that makes it.
import {
  Alert,
  Button,
  Container,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { createLoopExtension } from '../../api/videos';
import { formatDuration, formatLength, trackTitle } from '../../lib/format';
import { useOnline } from '../../lib/network';
import { OFFLINE_NOT_SAVED } from '../../lib/offline-messages';
import { OfflineAlert } from '../../ui/OfflineAlert';
import { PageHeader } from '../../ui/PageHeader';
import { useLibraryAudios } from '../library';
import { BackToLoops, VideoDetails } from './VideoPage';
import { VIDEO_MESSAGES } from './video-messages';
import { rememberVideo, useUserVideo } from './video-queries';

/** The longest loop: 12 hours (the server's LOOP_MAX_SECONDS). */
const MAX_SECONDS = 12 * 3600;

export function CreateLoopScreen({ title, description }: { title: string; description: string }) {
  const { videoId = '' } = useParams({ strict: false }) as { videoId?: string };
  const online = useOnline();
  const navigate = useNavigate();
  const { video: clip, missing } = useUserVideo(videoId);
  const tracks = (useLibraryAudios().value ?? []).filter(
    (audio) => audio.core_processing_status === 'COMPLETE' && audio.duration_seconds,
  );
  const [mode, setMode] = useState<'length' | 'track'>('length');
  const [minutes, setMinutes] = useState<number>(10);
  const [seconds, setSeconds] = useState<number>(0);
  const [trackId, setTrackId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const track = tracks.find((t) => t.audio_uuid === trackId);
  const target = mode === 'track' ? (track?.duration_seconds ?? 0) : minutes * 60 + seconds;
  const valid = target > 0 && target <= MAX_SECONDS;
  const repeats = clip?.duration_seconds ? target / clip.duration_seconds : 0;

  const make = async () => {
    if (!clip) return;
    setBusy(true);
    setError(null);
    try {
      const output = await createLoopExtension(
        mode === 'track'
          ? { videoId: clip.video_uuid, audio_uuid: trackId! }
          : { videoId: clip.video_uuid, target_seconds: target },
      );
      await rememberVideo(output);
      await navigate({ to: `/media/progress/video-loop-extensions/${output.video_uuid}` });
    } catch (cause) {
      setError(
        isApiError(cause) && cause.hasResponse && cause.status < 500
          ? cause.message
          : 'The loop could not be started. Try again in a moment.',
      );
      setBusy(false);
    }
  };

  return (
    <Container size="lg" py={{ base: 28, sm: 48 }}>
      <BackToLoops />
      <PageHeader title={title} description={description} />
      {!online && !clip && <OfflineAlert mb="md">{OFFLINE_NOT_SAVED}</OfflineAlert>}
      {missing && (
        <Alert color="gray" variant="light">
          {VIDEO_MESSAGES.clipNotFound}
        </Alert>
      )}
      {clip && (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              {clip.video_path && (
                <video
                  src={online ? clip.video_path : undefined}
                  poster={clip.thumbnail_path ?? undefined}
                  muted
                  autoPlay
                  loop
                  playsInline
                  data-testid="loop-preview"
                  aria-label={`${clip.file_name}, looping`}
                  style={{ width: '100%', maxHeight: '56vh', background: '#000', borderRadius: 8 }}
                />
              )}
              <VideoDetails video={clip} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="lg" p="lg" shadow="xs">
              <Stack gap="md">
                <SegmentedControl
                  fullWidth
                  aria-label="Loop length"
                  value={mode}
                  onChange={(value) => setMode(value as 'length' | 'track')}
                  data={[
                    { value: 'length', label: 'A length' },
                    { value: 'track', label: "A track's length" },
                  ]}
                />
                {mode === 'length' ? (
                  <Group grow>
                    <NumberInput
                      label="Minutes"
                      min={0}
                      max={720}
                      value={minutes}
                      onChange={(v) => setMinutes(Number(v) || 0)}
                    />
                    <NumberInput
                      label="Seconds"
                      min={0}
                      max={59}
                      value={seconds}
                      onChange={(v) => setSeconds(Number(v) || 0)}
                    />
                  </Group>
                ) : tracks.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No processed tracks in your library yet: upload one in My Audio.
                  </Text>
                ) : (
                  <Select
                    label="Track from your library"
                    placeholder="Pick a track"
                    data={tracks.map((t) => ({
                      value: t.audio_uuid,
                      label: `${trackTitle(t)} (${formatLength(t.duration_seconds)})`,
                    }))}
                    value={trackId}
                    onChange={setTrackId}
                    searchable
                    description="The loop lasts as long as the track and carries its sound."
                  />
                )}
                <Text size="sm" data-testid="loop-plan">
                  {valid && clip.duration_seconds
                    ? `${formatDuration(target)}: the clip plays ${repeats >= 10 ? Math.round(repeats) : repeats.toFixed(1)} times, copied, never re-encoded when it can be.`
                    : target > MAX_SECONDS
                      ? 'A loop extension lasts at most 12 hours.'
                      : 'Choose how long the loop lasts.'}
                </Text>
                {error && (
                  <Alert color="red" variant="light" role="alert">
                    {error}
                  </Alert>
                )}
                <Button
                  size="lg"
                  leftSection={<IconRepeat size={20} aria-hidden />}
                  disabled={!valid || !online || (mode === 'track' && !trackId)}
                  loading={busy}
                  onClick={() => void make()}
                >
                  Make the loop
                </Button>
                {!online && (
                  <Text size="xs" c="dimmed" ta="center">
                    You are offline: making a loop needs a connection.
                  </Text>
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
