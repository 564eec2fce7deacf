import { Anchor, Avatar, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPlugConnectedX } from '@tabler/icons-react';
import { youtubeChannelUrl } from '../../../core/publishing/upload-config';
import type { LinkedChannel } from '../../api/publishing';
import { formatDate } from '../../lib/format';
import { OFFLINE_ACTION } from '../../lib/offline-messages';

/** A channel's picture, or its initial. */
export function ChannelAvatar({ channel, size = 48 }: { channel: LinkedChannel; size?: number }) {
  return (
    <Avatar src={channel.picture_url} alt="" size={size} radius="xl" color="red">
      {channel.channel_title.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

/** The linked channels: picture, title, link to the channel on YouTube, Disconnect. */
export function ChannelList({
  channels,
  online,
  onDisconnect,
}: {
  channels: readonly LinkedChannel[];
  online: boolean;
  onDisconnect: (channel: LinkedChannel) => void;
}) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {channels.map((channel) => (
        <Paper
          key={channel.channel_id}
          component="li"
          withBorder
          radius="md"
          p="md"
          data-testid="linked-channel"
        >
          <Group justify="space-between" gap="sm">
            <Group gap="md" wrap="nowrap" miw={0}>
              <ChannelAvatar channel={channel} />
              <Stack gap={2} miw={0}>
                <Text fw={650} truncate="end">
                  {channel.channel_title}
                </Text>
                <Anchor
                  href={youtubeChannelUrl(channel.channel_id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                >
                  <Group gap={4} component="span" wrap="nowrap">
                    View on YouTube <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
                <Text size="xs" c="dimmed">
                  Connected {formatDate(channel.linked_at)}
                </Text>
              </Stack>
            </Group>
            <Tooltip label={OFFLINE_ACTION} disabled={online} multiline w={220}>
              <Button
                variant="subtle"
                color="red"
                size="compact-md"
                disabled={!online}
                leftSection={<IconPlugConnectedX size={16} aria-hidden />}
                aria-label={`Disconnect ${channel.channel_title}`}
                onClick={() => onDisconnect(channel)}
              >
                Disconnect
              </Button>
            </Tooltip>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
