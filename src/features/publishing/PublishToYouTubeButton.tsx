import { Button } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { publishPath } from './publishing-paths';

/** The way from a video's page to /media/upload/{id}, where it is published. */
export function PublishToYouTubeButton({
  targetId,
  variant = 'light',
  size,
}: {
  targetId: string;
  variant?: 'light' | 'filled' | 'default';
  size?: 'sm' | 'md';
}) {
  return (
    <Button
      component={Link}
      to={publishPath(targetId)}
      color="red"
      variant={variant}
      size={size}
      leftSection={<IconBrandYoutube size={18} aria-hidden />}
    >
      Publish to YouTube
    </Button>
  );
}
