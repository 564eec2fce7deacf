import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The way back, above a page's header: "← Back to the video". */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={600} mb="md" display="inline-block">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden /> {children}
      </Group>
    </Anchor>
  );
}
