import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { CanvasLoopInfo } from '../../api/canvas';
import { formatDate, formatFileSize, formatLength } from '../../lib/format';
import { KitPartLink } from './KitPartLink';
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

/**
 * Template, size, frame rate, length, track, file size and creation date of a render; for a part
 * of a release kit, which part, with a link to its kit.
 */
export function RenderDetails({
  row,
  compact = false,
}: {
  row: CachedRenderRow;
  compact?: boolean;
}) {
  const { configuration, template_title, duration_seconds, file_size, created_at } = row.info;
  // A Canvas's answer carries its loop (api/canvas CanvasVideo).
  const loop = (row.info as { loop?: CanvasLoopInfo }).loop;
  const items: Array<[string, string]> = [
    ['Template', template_title],
    ['Track', renderTrackName(row.info) || 'None'],
    ['Size', `${configuration.width} × ${configuration.height}`],
    ['Frame rate', row.kind === 'single-frame' ? 'Still picture' : `${configuration.fps} fps`],
    loop
      ? [
          'Loop',
          loop.beats && loop.bpm
            ? `${loop.seconds.toFixed(2)} s · ${loop.beats} beats at ${Math.round(loop.bpm)} bpm`
            : `${loop.seconds.toFixed(2)} s`,
        ]
      : ['Length', formatLength(duration_seconds)],
  ];
  if (!compact) {
    if (file_size) items.push(['File size', formatFileSize(file_size)]);
    items.push(['Created', formatDate(created_at)]);
  }
  const grid = (
    <SimpleGrid cols={{ base: 2, sm: compact ? 3 : 4 }} spacing="md" verticalSpacing="sm">
      {items.map(([label, value]) => (
        <Detail key={label} label={label} value={value} />
      ))}
    </SimpleGrid>
  );
  if (!row.info.release_kit) return grid;
  return (
    <Stack gap="sm">
      <KitPartLink kit={row.info.release_kit} size="sm" />
      {grid}
    </Stack>
  );
}
