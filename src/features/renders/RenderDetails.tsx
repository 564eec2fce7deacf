import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate, formatDuration, formatFileSize } from '../../lib/format';
import { renderTrackName, type CachedRenderRow } from './render-kinds';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

/** Template, size, frame rate, length, track, file size and creation date of a render. */
export function RenderDetails({
  row,
  compact = false,
}: {
  row: CachedRenderRow;
  compact?: boolean;
}) {
  const { configuration, template_title, duration_seconds, file_size, created_at } = row.info;
  const items: Array<[string, string]> = [
    ['Template', template_title],
    ['Track', renderTrackName(row.info)],
    ['Size', `${configuration.width} × ${configuration.height}`],
    ['Frame rate', row.kind === 'visualizer' ? `${configuration.fps} fps` : 'Still picture'],
    ['Length', formatDuration(duration_seconds)],
  ];
  if (!compact) {
    if (file_size) items.push(['File size', formatFileSize(file_size)]);
    items.push(['Created', formatDate(created_at)]);
  }
  return (
    <SimpleGrid cols={{ base: 2, sm: compact ? 3 : 4 }} spacing="md" verticalSpacing="sm">
      {items.map(([label, value]) => (
        <Detail key={label} label={label} value={value} />
      ))}
    </SimpleGrid>
  );
}
