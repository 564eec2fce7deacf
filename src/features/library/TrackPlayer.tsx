import { ActionIcon, Group, Loader, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { LibraryAudio } from '../../api/media';
import { toast } from '../../ui/toast';
import { formatDuration, formatLength, trackTitle } from '../../lib/format';
import type { LibraryCache } from './library-cache';
import { useAnalysis } from './use-analysis';
import { useFrameTime } from './use-frame-time';
import { PLAYBACK_FAILED } from './use-list-player';
import { Waveform } from './Waveform';

const WAVEFORM_HEIGHT = 96;

/** Plays a processed track over its waveform; the waveform shows progress and seeks. */
export function TrackPlayer({
  audio,
  cache,
  online,
}: {
  audio: LibraryAudio;
  cache: LibraryCache;
  online: boolean;
}) {
  const element = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const analysis = useAnalysis(cache, audio, online);
  const duration = mediaDuration ?? audio.duration_seconds ?? 0;
  const title = trackTitle(audio);

  // While playing, the position follows every frame so the waveform moves smoothly.
  useFrameTime(element, playing, setTime);

  function toggle() {
    const player = element.current;
    if (!player) return;
    if (!player.paused) {
      player.pause();
      return;
    }
    player.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error(PLAYBACK_FAILED);
    });
  }

  function seek(seconds: number) {
    if (element.current) element.current.currentTime = seconds;
    setTime(seconds);
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          <Tooltip label="Playing needs a connection" disabled={online}>
            <ActionIcon
              size={52}
              radius="xl"
              variant="filled"
              disabled={!online}
              aria-label={playing ? `Pause ${title}` : `Play ${title}`}
              onClick={toggle}
            >
              {playing ? (
                <IconPlayerPauseFilled size={22} aria-hidden />
              ) : (
                <IconPlayerPlayFilled size={22} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={650} truncate="end">
              {title}
            </Text>
            <Text size="sm" c="dimmed" ff="monospace" data-testid="player-time">
              {formatDuration(time)} / {formatLength(audio.duration_seconds ?? duration)}
            </Text>
          </Stack>
        </Group>
        {analysis.state === 'ready' ? (
          <Waveform
            analysis={analysis.analysis}
            time={time}
            duration={duration}
            height={WAVEFORM_HEIGHT}
            onSeek={seek}
          />
        ) : analysis.state === 'loading' ? (
          // A named placeholder needs a role: a plain div may not carry aria-label.
          <Skeleton
            h={WAVEFORM_HEIGHT}
            radius="sm"
            role="status"
            aria-label="Loading the waveform"
          />
        ) : (
          <Group h={WAVEFORM_HEIGHT} justify="center">
            <Text size="sm" c="dimmed">
              {analysis.state === 'offline'
                ? 'The waveform loads once you are back online.'
                : analysis.state === 'none'
                  ? 'The waveform appears once the track is processed.'
                  : 'The waveform could not be loaded.'}
            </Text>
            {analysis.state === 'none' && <Loader size="xs" aria-hidden />}
          </Group>
        )}
      </Stack>
      {audio.playable_path && (
        <audio
          ref={element}
          src={online ? audio.playable_path : undefined}
          preload={online ? 'metadata' : 'none'}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          onLoadedMetadata={(event) => {
            const seconds = event.currentTarget.duration;
            if (Number.isFinite(seconds) && seconds > 0) setMediaDuration(seconds);
          }}
          hidden
        />
      )}
    </Paper>
  );
}
