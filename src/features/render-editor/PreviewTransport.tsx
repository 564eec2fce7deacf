// Under a preview: the round play/pause button and, for a track, its timeline (waveform with a
// playhead, time) and a playback error.
import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import type { ChosenAudio } from './chosen-audio';
import { PreviewTimeline } from './PreviewTimeline';
import type { PreviewPlayer } from './use-preview-player';

export function PlayButton({
  playing,
  disabled,
  onClick,
}: {
  playing: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <ActionIcon
      size={44}
      radius="xl"
      variant="filled"
      aria-label={playing ? 'Pause the preview' : 'Play the preview'}
      disabled={disabled}
      onClick={onClick}
      data-testid="preview-play"
      data-playing={playing}
    >
      {playing ? (
        <IconPlayerPauseFilled size={20} aria-hidden />
      ) : (
        <IconPlayerPlayFilled size={20} aria-hidden />
      )}
    </ActionIcon>
  );
}

/** Play/pause and the chosen track's timeline. */
export function PreviewTransport({ player, audio }: { player: PreviewPlayer; audio: ChosenAudio }) {
  return (
    <Paper withBorder radius="lg" p="sm" shadow="xs">
      <Group gap="sm" wrap="nowrap" align="center">
        <PlayButton
          playing={player.playing}
          disabled={audio.state !== 'ready'}
          onClick={player.toggle}
        />
        <PreviewTimeline
          player={player}
          analysis={audio.state === 'ready' ? audio.analysis : null}
          duration={audio.state === 'ready' ? audio.duration : 0}
          loading={audio.state === 'loading'}
        />
      </Group>
      {player.error && (
        <Text size="sm" c="red" mt={6} role="alert">
          {player.error}
        </Text>
      )}
    </Paper>
  );
}
