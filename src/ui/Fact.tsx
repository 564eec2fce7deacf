import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A labelled value of a details list: the label small and in capitals, the value under it. The
 * value is a div, not a paragraph: it may be a badge or a link row, which a <p> may not hold.
 */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
