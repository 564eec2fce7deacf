// The kit at a glance, beside its files where publishing is not set up: the track and the hook
// it was made from, and where each of its files goes.
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReleaseKit } from '../../api/release-kits';
import { formatDate, formatDuration } from '../../lib/format';
import { FEED_SHAPE_TEXT, OUTPUT_TEXT } from './kit-words';
import { Fact } from '../../ui/Fact';

export function KitSummary({ kit, note }: { kit: ReleaseKit; note?: ReactNode }) {
  const ready = kit.parts.filter((part) => part.status === 'COMPLETE').length;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      shadow="xs"
      component="section"
      aria-label="This kit"
      data-testid="kit-summary"
    >
      <Stack gap="md">
        <Title order={2} fz="lg">
          This kit
        </Title>
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          <Fact label="Track">{kit.audio_file_name}</Fact>
          <Fact label="Artist">{kit.artist || '—'}</Fact>
          <Fact label="Hook">
            {formatDuration(kit.hook.start_seconds)}–{formatDuration(kit.hook.end_seconds)},{' '}
            {kit.hook.bars} {kit.hook.bars === 1 ? 'bar' : 'bars'}
          </Fact>
          <Fact label="Tempo">{kit.bpm ? `${Math.round(kit.bpm)} BPM` : '—'}</Fact>
          <Fact label="Feed clip">{FEED_SHAPE_TEXT[kit.feed].label}</Fact>
          <Fact label="Made">{formatDate(kit.created_at)}</Fact>
        </SimpleGrid>
        <Stack gap={6}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {ready === kit.parts.length
              ? `${kit.parts.length} files: where each goes`
              : `${ready} of ${kit.parts.length} files ready: where each goes`}
          </Text>
          {kit.parts.map((part) => (
            <Text key={part.output} size="sm">
              <Text span fw={600} size="sm">
                {OUTPUT_TEXT[part.output].label}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                {OUTPUT_TEXT[part.output].note}
              </Text>
            </Text>
          ))}
        </Stack>
        {note && (
          <Text size="sm" c="dimmed" data-testid="kit-summary-note">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
