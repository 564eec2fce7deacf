// The Lyrics section of the creators whose videos can show lyrics (visualizer, particles,
// release kit): the chosen track's timed lyrics in a style, or the way to get some.
import { Anchor, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconMicrophone2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { findLyricStyle } from '../../../core/render/lyrics/styles';
import { Section } from './EditorSection';
import { LYRIC_STYLE_OPTIONS, LYRICS_MESSAGES, lyricStyleOf, NO_LYRICS } from './lyrics-look';
import type { LyricsLook } from './use-lyrics-look';

function EditorLink({ audioId, label }: { audioId: string; label: string }) {
  return (
    <Anchor
      component={Link}
      to={`/media/audio/${audioId}/lyrics`}
      size="sm"
      fw={600}
      data-testid="creator-lyrics-link"
    >
      <Group gap={4} component="span">
        <IconMicrophone2 size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

function LyricsBody({ lyrics }: { lyrics: LyricsLook }) {
  const { track, style } = lyrics;
  if (track.state === 'demo' || track.state === 'local') {
    return (
      <Text size="sm" c="dimmed">
        {LYRICS_MESSAGES[track.state]}
      </Text>
    );
  }
  if (track.state === 'loading') {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Looking for this track’s lyrics…
        </Text>
      </Group>
    );
  }
  if (track.lines.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {LYRICS_MESSAGES.none}
        </Text>
        <EditorLink audioId={track.audioId} label="Time its lyrics" />
      </Stack>
    );
  }
  const count = track.lines.length;
  return (
    <Stack gap="xs">
      <Select
        label="Lyrics style"
        description={
          style
            ? findLyricStyle(style)?.description
            : `${count} timed ${count === 1 ? 'line' : 'lines'}: pick a style to show them.`
        }
        data={LYRIC_STYLE_OPTIONS}
        value={style ?? NO_LYRICS}
        onChange={(value) => lyrics.setStyle(lyricStyleOf(value))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="lyrics-style"
      />
      {track.unsynced && (
        <Text size="xs" c="orange.8" data-testid="lyrics-unsynced">
          {LYRICS_MESSAGES.unsynced}
        </Text>
      )}
      <EditorLink audioId={track.audioId} label="Edit the lyrics" />
    </Stack>
  );
}

export function LyricsSection({ lyrics }: { lyrics: LyricsLook }) {
  return (
    <Section title="Lyrics">
      <LyricsBody lyrics={lyrics} />
    </Section>
  );
}
