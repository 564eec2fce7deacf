// Where a video of the library came from, when a release kit made it: which part it is, and a
// link back to its kit.
import { Anchor, Group } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { KIT_OUTPUT_LABELS, kitPagePath, type KitOutput } from '../../../core/render/release-kit';

export function KitPartLink({
  kit,
  size = 'xs',
}: {
  kit: { kit_uuid: string; output: KitOutput };
  size?: 'xs' | 'sm';
}) {
  return (
    <Anchor
      component={Link}
      to={kitPagePath(kit.kit_uuid)}
      size={size}
      fw={600}
      data-testid="kit-part-link"
      style={{ alignSelf: 'flex-start' }}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconPackage size={size === 'xs' ? 14 : 16} aria-hidden style={{ flex: 'none' }} />
        <span>{KIT_OUTPUT_LABELS[kit.output]} of a release kit</span>
      </Group>
    </Anchor>
  );
}
