import { Anchor, Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconMusic } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import type { LibraryAudio } from '../../api/media';
import { formatLength, trackTitle } from '../../lib/format';
import type { AudioChoice, ChosenAudio } from './chosen-audio';

/** Tracks that can be used: processed ones. */
export function usableTracks(audios: readonly LibraryAudio[]): LibraryAudio[] {
  return audios.filter((audio) => audio.core_processing_status === 'COMPLETE');
}

export const LOCAL_FILE_INPUT_LABEL = 'Use an audio file from this device';

/**
 * The audio of the video: a processed track of the library, or a file of this device (which
 * stays on it until the render).
 */
export function AudioPicker({
  choice,
  chosen,
  tracks,
  signedIn,
  onChoose,
  demoHint = 'Previewing with our demo loop. Pick your track to render.',
}: {
  choice: AudioChoice;
  chosen: ChosenAudio;
  tracks: readonly LibraryAudio[];
  signedIn: boolean;
  onChoose: (choice: AudioChoice) => void;
  /** What is said while no track is chosen. */
  demoHint?: string;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  const usable = usableTracks(tracks);
  const selected = choice.kind === 'library' ? choice.audio.audio_uuid : null;

  return (
    <Stack gap="sm">
      {signedIn && usable.length > 0 && (
        <Select
          label="Track from your library"
          placeholder="Pick a track"
          searchable
          nothingFoundMessage="No track matches"
          value={selected}
          leftSection={<IconMusic size={16} aria-hidden />}
          data={usable.map((audio) => ({
            value: audio.audio_uuid,
            label: `${trackTitle(audio)} (${formatLength(audio.duration_seconds)})`,
          }))}
          onChange={(value) => {
            const audio = usable.find((a) => a.audio_uuid === value);
            if (audio) onChoose({ kind: 'library', audio });
          }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {signedIn && usable.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="no-tracks">
          No tracks in your library yet.{' '}
          <Anchor component={Link} to="/media/audio">
            Upload one
          </Anchor>{' '}
          or use a file from this device.
        </Text>
      )}
      {!signedIn && (
        <Text size="sm" c="dimmed">
          Try it with a track from this device: it stays on your device until you render.
        </Text>
      )}
      <Group gap="sm">
        <Button
          variant={choice.kind === 'local' ? 'light' : 'default'}
          leftSection={<IconDeviceDesktop size={16} aria-hidden />}
          onClick={() => input.current?.click()}
        >
          {choice.kind === 'local' ? 'Use another file' : 'Use a file from this device'}
        </Button>
        <input
          ref={input}
          type="file"
          accept="audio/*,.mp3,.m4a,.aac,.wav,.flac,.ogg,.oga,.opus"
          aria-label={LOCAL_FILE_INPUT_LABEL}
          hidden
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) onChoose({ kind: 'local', file });
            event.currentTarget.value = '';
          }}
        />
      </Group>
      <AudioStatus choice={choice} chosen={chosen} demoHint={demoHint} />
    </Stack>
  );
}

function AudioStatus({
  choice,
  chosen,
  demoHint,
}: {
  choice: AudioChoice;
  chosen: ChosenAudio;
  demoHint: string;
}) {
  if (chosen.state === 'loading') {
    return (
      <Stack gap={4} data-testid="audio-status" data-state="loading">
        <Text size="sm" c="dimmed">
          {chosen.message}
        </Text>
        {chosen.progress !== null && (
          <Progress value={chosen.progress * 100} size="sm" aria-label="Analysis progress" />
        )}
      </Stack>
    );
  }
  if (chosen.state === 'failed') {
    return (
      <Text size="sm" c="red" role="alert" data-testid="audio-status" data-state="failed">
        {chosen.message}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="audio-status" data-state="ready">
      {choice.kind === 'demo'
        ? demoHint
        : choice.kind === 'local'
          ? `${chosen.title} · ${formatLength(chosen.duration)} · on this device`
          : // The library's length, as the list above says it (the decoded audio's differs by
            // hundredths of a second).
            `${chosen.title} · ${formatLength(choice.audio.duration_seconds ?? chosen.duration)}`}
    </Text>
  );
}
