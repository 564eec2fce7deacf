import { Button, FileButton, type ButtonProps } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { UploadKind } from '../../db/media-tables';
import { AUDIO_ACCEPT, IMAGE_ACCEPT } from './upload-checks';

/** Opens the file picker for audio or images; several files at once. */
export function UploadButton({
  kind,
  onFiles,
  label,
  ...buttonProps
}: {
  kind: UploadKind;
  onFiles: (files: File[]) => void;
  label?: string;
} & ButtonProps) {
  return (
    <FileButton
      multiple
      accept={kind === 'audio' ? AUDIO_ACCEPT : IMAGE_ACCEPT}
      onChange={(files) => {
        if (files.length) onFiles(files);
      }}
      inputProps={{ 'aria-label': label ?? (kind === 'audio' ? 'Upload audio' : 'Upload images') }}
    >
      {(props) => (
        <Button leftSection={<IconUpload size={18} aria-hidden />} {...buttonProps} {...props}>
          {label ?? (kind === 'audio' ? 'Upload audio' : 'Upload images')}
        </Button>
      )}
    </FileButton>
  );
}
