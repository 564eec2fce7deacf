import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PLATFORM_NAMES, type PluginRelease } from '../../../core/plugins/api-types';
import { formatFileSize } from '../../lib/format';

/** The newest release of each platform, in the manifest's platform order. */
export function newestPerPlatform(releases: readonly PluginRelease[]): PluginRelease[] {
  const seen = new Set<string>();
  return releases.filter((release) => {
    if (seen.has(release.platform)) return false;
    seen.add(release.platform);
    return true;
  });
}

/**
 * Releases as rows that fit a phone: platform, version and size, the SHA-256 to check the
 * download against, and what `action` adds at the end of a row (a download button).
 */
export function ReleaseList({
  releases,
  action,
}: {
  releases: readonly PluginRelease[];
  action?: (release: PluginRelease) => ReactNode;
}) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {releases.map((release) => (
        <Paper
          key={`${release.platform}-${release.version}`}
          component="li"
          withBorder
          radius="md"
          p="md"
          data-testid={`release-${release.platform}`}
        >
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Group gap="xs" align="baseline">
              <Text fw={700}>{PLATFORM_NAMES[release.platform]}</Text>
              <Badge variant="light" color="gray" radius="sm">
                Version {release.version}
              </Badge>
              <Text size="sm" c="dimmed">
                {formatFileSize(release.size)}
              </Text>
            </Group>
            {action?.(release)}
          </Group>
          <Text size="xs" c="dimmed" mt={8} mb={2}>
            SHA-256 of {release.file_name}
          </Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {release.sha256}
          </Code>
        </Paper>
      ))}
    </Stack>
  );
}
