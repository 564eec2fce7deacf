import { Button } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { toast } from './toast';

const CONFIRMATION_MS = 1500;

/** Copies a text; the button says "Copied" for a moment and a toast confirms it. */
export function CopyTextButton({
  text,
  label,
  accessibleName,
  confirmation,
  onCopied,
  size = 'xs',
}: {
  text: string;
  label: string;
  /** The toast's message; "Copied <text>" when not given. */
  confirmation?: string;
  /** Names what is copied for screen readers, e.g. "Copy hex #1e90ff". */
  accessibleName?: string;
  onCopied?: () => void;
  size?: 'xs' | 'sm' | 'md';
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(confirmation ?? `Copied ${text}`);
      onCopied?.();
    } catch {
      toast.error('Unable to copy to the clipboard');
    }
  };

  return (
    <Button
      size={size}
      variant={copied ? 'filled' : 'light'}
      color={copied ? 'teal' : undefined}
      leftSection={
        copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
      }
      onClick={() => void copy()}
      aria-label={accessibleName}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}
