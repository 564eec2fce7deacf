import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

/** Asks before deleting something for good. */
export function ConfirmDeleteDialog({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Resolves true when deleted (the dialog closes), false to stay open. */
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      if (await onConfirm()) onClose();
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg">
      <Stack gap="lg">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={pending}
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
