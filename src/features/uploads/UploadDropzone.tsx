import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMusic, IconPhoto } from '@tabler/icons-react';
import { useState, type DragEvent, type ReactNode } from 'react';
import type { UploadKind } from '../../db/media-tables';
import classes from './UploadDropzone.module.css';

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/** An area that takes files dropped on it, around the upload button. */
export function UploadDropzone({
  kind,
  onFiles,
  hint,
  children,
}: {
  kind: UploadKind;
  onFiles: (files: File[]) => void;
  hint: ReactNode;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const Icon = kind === 'audio' ? IconMusic : IconPhoto;

  return (
    <Paper
      className={classes.zone}
      data-active={over || undefined}
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      mb="lg"
      data-testid={`${kind}-dropzone`}
      onDragEnter={(event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        setOver(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length) onFiles(files);
      }}
    >
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
            <Icon size={24} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={650}>
              {over ? 'Drop to upload' : `Drop ${kind === 'audio' ? 'audio files' : 'images'} here`}
            </Text>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </Stack>
        </Group>
        {children}
      </Group>
    </Paper>
  );
}
