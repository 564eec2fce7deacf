import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import type { LinkedChannel } from '../../api/publishing';

/** Asks before withdrawing Waveframe's access to a channel. */
export function DisconnectChannelDialog({
  channel,
  onConfirm,
  onClose,
}: {
  /** The channel asked about; null when closed. */
  channel: LinkedChannel | null;
  /** Resolves when done (the dialog then closes, whatever the outcome). */
  onConfirm: (channel: LinkedChannel) => Promise<void>;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);

  async function confirm(target: LinkedChannel) {
    setPending(true);
    try {
      await onConfirm(target);
    } finally {
      setPending(false);
      onClose();
    }
  }

  return (
    <Modal
      opened={channel !== null}
      onClose={onClose}
      title={channel ? `Disconnect ${channel.channel_title}?` : ''}
      centered
      radius="lg"
    >
      <Stack gap="lg">
        <Text size="sm">
          Waveframe will no longer be able to publish to this channel, and Google withdraws the
          access you gave it. Videos already on YouTube stay there. You can connect the channel
          again at any time.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={pending}
            leftSection={<IconPlugConnectedX size={16} aria-hidden />}
            onClick={() => channel && void confirm(channel)}
          >
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
