import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from './constants';

/** The logo mark: a waveform in a frame (public/icons/logo.svg, drawn by scripts/make-icons.ts). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <img src="/icons/logo.svg" width={size} height={size} alt="" style={{ display: 'block' }} />
  );
}

/** Mark and product name side by side. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text component="span" fw={800} fz="lg" lts={-0.3} c="var(--mantine-color-text)">
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
