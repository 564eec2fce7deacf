// When lyrics saved from an older version replaced another device's edit, both versions are
// shown side by side and the user keeps one.
import { Alert, Button, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import type { TrackLyrics } from '../../../core/lyrics/api-types';
import type { Lyrics } from '../../../core/lyrics/lyrics';
import { formatDate } from '../../lib/format';
import { formatSeconds } from './lyrics-words';

function Version({ title, lyrics, testId }: { title: string; lyrics: Lyrics; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text fw={650} size="sm" mb={6}>
        {title}
      </Text>
      <ScrollArea.Autosize mah={220}>
        {lyrics.lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            No lines
          </Text>
        ) : (
          lyrics.lines.map((line, i) => (
            <Text key={i} size="sm">
              <Text span ff="monospace" c="dimmed" size="xs">
                {line.startSeconds === null ? '  —  ' : formatSeconds(line.startSeconds)}
              </Text>{' '}
              {line.text}
            </Text>
          ))
        )}
      </ScrollArea.Autosize>
    </Paper>
  );
}

export function ConflictPanel({
  saved,
  conflict,
  online,
  busy,
  onKeep,
}: {
  saved: Lyrics;
  conflict: NonNullable<TrackLyrics['conflict']>;
  online: boolean;
  busy: boolean;
  onKeep: (keep: 'saved' | 'replaced') => void;
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconGitCompare size={20} aria-hidden />}
      data-testid="lyrics-conflict"
    >
      <Stack gap="sm">
        <Title order={2} fz="md">
          These lyrics were changed in two places
        </Title>
        <Text size="sm">
          Two edits started from the same version (on another device, or while offline). The one
          saved last is in the editor; the one it replaced
          {conflict.updatedAt ? ` (saved ${formatDate(conflict.updatedAt)})` : ''} is kept until you
          choose.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Version
            title="This version (saved last, in the editor)"
            lyrics={saved}
            testId="lyrics-conflict-saved"
          />
          <Version
            title="The version it replaced"
            lyrics={conflict.lyrics}
            testId="lyrics-conflict-replaced"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button
            data-testid="lyrics-keep-saved"
            disabled={!online}
            loading={busy}
            onClick={() => onKeep('saved')}
          >
            Keep this version
          </Button>
          <Button
            data-testid="lyrics-keep-replaced"
            variant="default"
            disabled={!online}
            loading={busy}
            onClick={() => onKeep('replaced')}
          >
            Bring back the other
          </Button>
        </SimpleGrid>
        {!online && (
          <Text size="xs" c="dimmed">
            Choosing needs a connection.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
