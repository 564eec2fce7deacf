// The parts an upload shows where it is listed (the uploads so far, a single-frame video's page):
// its progress while it runs, why it failed, and the way to it on YouTube.
import { Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { IconBrandYoutube, IconExternalLink } from '@tabler/icons-react';

/** A small striped bar (never quite empty, so it shows it started) and a line under it. */
export function UploadProgressBar({
  percent,
  label,
  caption,
}: {
  percent: number;
  /** The bar's accessible name. */
  label: string;
  caption: string;
}) {
  return (
    <Stack gap={4}>
      <Progress
        value={Math.max(percent, 2)}
        size="sm"
        radius="xl"
        striped
        animated
        aria-label={label}
      />
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}

export function UploadFailureReason({ reason, lineClamp }: { reason: string; lineClamp?: number }) {
  return (
    <Text size="sm" c="red" lineClamp={lineClamp}>
      {reason}
    </Text>
  );
}

export function WatchOnYouTubeLink({ url }: { url: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
      <Group gap={4} component="span" wrap="nowrap">
        <IconBrandYoutube size={16} aria-hidden /> Watch on YouTube
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}
